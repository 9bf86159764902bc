// Package board is the ICF equipment as data: the figures of the laws as
// named constants in SI units, a configurable Spec, and what follows from
// it: base lines, base circles, pockets, arrows, the break arrangement,
// and the legality of placing the striker or a c/m.
//
// Coordinates are metres with the origin at the centre of the playing
// surface; base 0 sits at y < 0 and shoots towards +y, the other bases
// follow in turn order, counter-clockwise seen from above.
//
//	sp := board.Standard()
//	pieces := sp.BreakArrangement(0)
//	err := sp.StrikerLegal(0, 0.05, pieces) // 5 cm right of centre
package board
