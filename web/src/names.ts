// Who is who, as the rulings (rules.ts, variants.ts) name them: "you" for
// a seat this browser holds alone, the player's name otherwise.
export interface Names {
  seat(seat: number): string;  // "You", "Computer (club)", "Anna"
  side(side: number): string;  // the players of a side
  you(seat: number): boolean;
}
