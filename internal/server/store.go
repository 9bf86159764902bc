package server

import (
	"context"
	"time"

	"github.com/carrom-game/carrom/internal/carrom"
)

// Store keeps tables, their actions and the seats players hold. Every
// accepted action is stored before it is broadcast, so a server that dies
// at any instant restarts with every table where its players last saw it.
// internal/store implements it; a table that does not exist is
// carrom.ErrNotFound.
type Store interface {
	CreateTable(ctx context.Context, t carrom.TableRecord) error
	// AppendAction stores action number a.Seq of a table; sequence numbers
	// start at 1 and a number stored twice is an error.
	AppendAction(ctx context.Context, tableID string, a carrom.ActionRecord) error
	FinishTable(ctx context.Context, tableID string, at time.Time, result []byte) error
	ClaimSeat(ctx context.Context, tableID string, s carrom.SeatRecord) error
	// Tables lists tables, newest first: only the unfinished ones, or only
	// the finished ones.
	Tables(ctx context.Context, finished bool) ([]carrom.TableRecord, error)
	Table(ctx context.Context, id string) (carrom.TableRecord, error)
	Actions(ctx context.Context, tableID string) ([]carrom.ActionRecord, error)
	// LinkRematch names next as a table's rematch unless it has one, in
	// one step that of two racing callers only one wins; it returns the
	// table's rematch. UnlinkRematch forgets it if it is next.
	LinkRematch(ctx context.Context, tableID, next string) (string, error)
	UnlinkRematch(ctx context.Context, tableID, next string) error
	Close() error
}
