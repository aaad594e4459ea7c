/**
 * Packing slips for the orders ticked in the table below, or for every paid order not yet shipped
 * (issue 42). A plain form, not Remix's: the answer is a PDF the browser saves, with or without
 * JavaScript, and the page stays where it is.
 */
export function PackingSlipsForm({ id, filters }: { id: string; filters: string }) {
  return (
    <form
      id={id}
      method="post"
      action={`/admin/orders/packing-slips${filters ? `?${filters}` : ''}`}
      className="admin-form"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`}>Packing slips</h2>
      <p id={`${id}-hint`}>Tick orders in the table, then download their slips as one PDF to print.</p>
      <button type="submit" name="scope" value="selected" className="button" aria-describedby={`${id}-hint`}>
        Download packing slips for the ticked orders
      </button>{' '}
      <button type="submit" name="scope" value="all" className="button">
        Download packing slips for all paid orders not yet shipped
      </button>
    </form>
  );
}
