// Package record is the text layer of carrom (docs/notation.md):
//
//   - position strings, carrom's FEN: a table to the bit on one line
//     (FormatPosition, ParsePosition; game.Resume takes the table up);
//   - match records, carrom's PGN: headers, then one line per action with
//     the exact shot, what the stroke did and the rule IDs applied (Format,
//     Parse), and Replay, which re-simulates a record and stops at the
//     first action that differs by one bit;
//   - the one shot decoder (DecodeShot, Direction, Dir) and the one strict
//     JSON decoder (DecodeJSON) that carrom sim, the server and records use;
//   - the line protocols of carrom referee and carrom sim (RefereeLine,
//     SimLine, ServeLines);
//   - the JSON forms of the referee's state, actions, pieces, strokes and
//     trajectories (what the server sends and stores).
//
// Every form that is read back has a round-trip test, Parse(Format(x)) == x,
// fuzzed.
//
//	r, err := record.Parse(text)
//	t, err := record.Replay(r, physics.Default(), nil) // the table at the end
//	fmt.Println(record.FormatPosition(t.Setup()))
package record
