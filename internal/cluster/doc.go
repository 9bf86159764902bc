// Package cluster makes a server one node of several sharing one store
// and one bus (docs/cluster.md): every table in play is owned by one
// node, which holds its lease in the store; the others forward their
// clients' intents to it and relay its messages back.
//
// It implements the table's Store and Fanout for a table run under a
// lease (table.Table.Route): its actions fenced by the lease's epoch,
// its messages sent to the clients here and, over the bus, at the other
// nodes. It knows no HTTP, no accounts, no rating, no server and no
// store (internal/archtest): all it reaches beyond its state is its
// Config (the bus, the leases) and its Env, built once by the server:
// the Store of the tables, the Tables running here (found, rebuilt,
// adopted), the Clock, the Log, the Metrics it counts, the ErrorMessage
// of an error for a client, the server's own bus subjects (Handlers), and
// a client connected here only as a Conn (its identity, a reply, a
// reconnect).
//
// The files: node.go (Node, its Env and what it declares of the server;
// a table held under a lease: its store, fenced, and its fan-out),
// cluster.go (Bus, Leases, Config; the bus subjects; the intents of
// other nodes' clients forwarded to a table here and their clients
// dropped when their node is gone or restarted; the lease loop, its
// renewal and its share of the tables nobody holds, by rendezvous
// hashing; stray leases let go; Start, HandOver, Halt, Freeze; a
// rematch told to a table's owner), adopt.go (adoptions: the tables
// whose leases the node has just taken, rebuilt by replay and started,
// a few at once), relay.go (this node's clients at tables of other
// nodes: Join, Remote, which forwards their intents, and the relay of
// the owners' messages to them).
//
// Every goroutine and how it ends:
//   - the lease loop (Node.leaseLoop, started by Start) renews the
//     node's leases and takes its share every third of a lease, or at
//     once when another node lets leases go; it ends when Env.Ctx ends
//     (the server closes) or at HandOver, Halt or Freeze (loopStop);
//   - an adoption (adoptions.all) adopts one table on a goroutine of its
//     own, adoptAtOnce at most running their replay at once; it ends
//     when the table runs here or its lease is let go, bounded by a
//     lease; loopStop waits for them;
//   - the bus calls the node's handlers on its own goroutines, one
//     subscription's messages in order: a table's forwarded intents
//     (Node.forwarded, from Hold until its goroutine ends), the relayed
//     messages of a table of another node (relays.relayed, while a
//     client here is at it), the leases let go and the nodes' hellos
//     (from Start to loopStop), and the server's Handlers alike;
//   - the tables the node holds or adopts run on the server's
//     goroutines (internal/table), which the server starts and waits for.
package cluster
