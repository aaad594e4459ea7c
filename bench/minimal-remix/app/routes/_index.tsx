import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';

// About 25 KB of HTML unless `?size=<bytes>` asks for another size (the bench matches each shop page).
const DEFAULT_BYTES = 25_000;
const MAX_BYTES = 2_000_000;
// What one item adds to the page: its markup and its share of the loader data sent for hydration.
const BYTES_PER_ITEM = 260;

export const meta: MetaFunction = () => [{ title: 'Minimal Remix' }];

export function loader({ request }: LoaderFunctionArgs) {
  const asked = Number(new URL(request.url).searchParams.get('size'));
  const bytes = Number.isFinite(asked) && asked > 0 ? Math.min(asked, MAX_BYTES) : DEFAULT_BYTES;
  const count = Math.max(1, Math.round(bytes / BYTES_PER_ITEM));
  const items = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Item ${i + 1}`,
    price: 1000 + ((i * 137) % 9000),
    text: `Plain text for item ${i + 1}, long enough to look like a short description.`,
  }));
  return json({ items });
}

export default function Index() {
  const { items } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Items</h1>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <h2>{item.name}</h2>
            <p>{item.text}</p>
            <p>{(item.price / 100).toFixed(2)} EUR</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
