import { isValueAvailable, type OptionGroup, type Selection, type SelectableVariant } from '~/lib/variant-selection';

const LABELS: Record<string, string> = { color: 'Colour', size: 'Size', material: 'Material', treatment: 'Treatment' };

export function attributeLabel(name: string): string {
  return LABELS[name] ?? name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Option pickers in display order. Each value is a link to the page with that value, so choosing works
 * without JavaScript (a reload with the new parameters); `onChoose` makes it instant with it.
 * Values no in-stock variant has with the other choices are disabled.
 */
export function OptionPickers({
  groups,
  variants,
  selection,
  hrefFor,
  onChoose,
}: {
  groups: OptionGroup[];
  variants: SelectableVariant[];
  selection: Selection;
  hrefFor: (name: string, value: string) => string;
  onChoose?: (name: string, value: string) => void;
}) {
  return (
    <div className="options">
      {groups.map((group) => (
        <div key={group.name} className="options__group" role="group" aria-labelledby={`option-${group.name}`}>
          <p className="options__label" id={`option-${group.name}`}>
            {attributeLabel(group.name)}
            {selection[group.name] ? <span className="options__chosen">: {selection[group.name]}</span> : null}
          </p>
          <ul className="options__values">
            {group.values.map((option) => {
              const chosen = selection[group.name] === option.value;
              const available = isValueAvailable(variants, selection, group.name, option.value);
              const title = option.description ?? undefined;
              return (
                <li key={option.value}>
                  {available ? (
                    <a
                      href={hrefFor(group.name, option.value)}
                      className={`option${chosen ? ' option--chosen' : ''}`}
                      aria-current={chosen ? 'true' : undefined}
                      title={title}
                      data-option={`${group.name}:${option.value}`}
                      onClick={
                        onChoose
                          ? (event) => {
                              event.preventDefault();
                              onChoose(group.name, option.value);
                            }
                          : undefined
                      }
                    >
                      {option.value}
                    </a>
                  ) : (
                    <span
                      className={`option option--disabled${chosen ? ' option--chosen' : ''}`}
                      aria-disabled="true"
                      aria-current={chosen ? 'true' : undefined}
                      title={title ? `${title} (out of stock)` : 'Out of stock'}
                      data-option={`${group.name}:${option.value}`}
                    >
                      {option.value}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}
