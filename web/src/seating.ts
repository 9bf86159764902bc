// Seats a player chose with a click on one of this site's pages (the
// lobby's Play, a rematch): kept in the tab's sessionStorage, which no
// other site can write, so that the table's page takes them at once.
// A seat that only the address offers (?seat=N, which any site can link
// to) is taken by a click on the table's page instead (docs/protocol.md).
const key = (table: string) => `carrom-sit:${table}`;

// choose records that this tab's player chose seats at a table.
export function choose(table: string, seats: number[]): void {
  if (seats.length) sessionStorage.setItem(key(table), JSON.stringify(seats));
}

// chosen returns (once) the seats this tab's player chose at a table.
export function chosen(table: string): number[] {
  const raw = sessionStorage.getItem(key(table));
  sessionStorage.removeItem(key(table));
  try {
    const seats: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(seats) ? seats.filter((s): s is number => Number.isInteger(s)) : [];
  } catch {
    return [];
  }
}
