/** A management screen's heading and its Add button. */
export function ScreenHead({
  id,
  title,
  addLabel,
  onAdd,
}: {
  id: string;
  title: string;
  addLabel: string;
  onAdd(): void;
}) {
  return (
    <div className="admin-screen-head">
      <h1 id={id}>{title}</h1>
      <button type="button" className="button-primary" onClick={onAdd}>
        {addLabel}
      </button>
    </div>
  );
}
