// Package record holds the text forms of carrom: the referee's state as
// JSON (the contract of carrom referee), actions as JSON (what the server
// stores and a replay is made of), and a stroke's trajectory as JSON (what
// a renderer animates in closed form). Every form that is read back has a
// round-trip test: Parse(Format(x)) == x.
package record
