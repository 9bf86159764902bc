// Package servertest talks to carrom serve as browsers do, for tests: what
// net/http/httptest is to net/http. A Client has its own cookie jar, so its
// own identity, and speaks the HTTP and WebSocket protocol of package
// protocol (docs/protocol.md): create a table, connect, send messages and
// read them back as Messages. A Player plays a seat on its own, and checks
// that it sees every event once and in order, across reconnections to the
// nodes of a cluster; StartServer runs the carrom binary's serve command as
// a process.
//
// It is imported by tests, and by the load test, which drives the server
// with the same client; the server never imports it (internal/archtest).
package servertest
