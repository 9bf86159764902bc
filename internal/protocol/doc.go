// Package protocol declares carrom serve's wire types once: the WebSocket
// messages a client sends (ClientMsg) and those the server sends (StateMsg,
// EventMsg, WelcomeMsg, SeatsMsg, AimMsg, RematchMsg, ErrorMsg, PongMsg),
// their type names and version, and the tables' HTTP bodies (TableConfig,
// TableInfo, Hint, Practiced). docs/protocol.md describes them; the server
// encodes and decodes them, the test client (internal/servertest) and the
// load test speak them, and web/src/protocol.ts declares them for the page,
// which TestProtocolMessages in package web keeps field for field in step
// with this package.
//
// The pieces, actions, strokes, trajectories and the referee's match state
// inside the messages are package record's JSON forms. The package holds
// types and the constructors of the client's messages only: it imports
// nothing of the server's, and decides nothing.
package protocol
