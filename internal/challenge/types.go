package challenge

import "time"

// Challenge is an invitation from one account to another to a table.
type Challenge struct {
	ID        string
	From, To  string // account IDs
	FromName  string
	ToName    string
	FromToken string
	Config    []byte // the table's configuration, JSON
	Status    Status
	TableID   string
	Created   time.Time
}

// Status is where a challenge stands: open until its invitee
// accepts or declines it or its sender withdraws it.
type Status string

// The statuses of a challenge, as stored and as the API shows them.
const (
	Open      Status = "open"
	Accepted  Status = "accepted"
	Declined  Status = "declined"
	Withdrawn Status = "withdrawn"
)
