/** The row a table shows when it has nothing (SPEC §8 'No User found.' …). */
export function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <tr>
      <td colSpan={columns} className="admin-table-empty">
        {text}
      </td>
    </tr>
  );
}
