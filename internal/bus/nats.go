package bus

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/carrom-game/carrom/internal/carrom"
)

// NATS is a connection to a NATS server (or cluster).
type NATS struct {
	nc *nats.Conn
}

// Connect connects to the NATS servers of url (a comma-separated list
// of nats:// URLs), as name. It reconnects without end: a node whose bus
// is away lets its tables go by its leases, not by exiting.
func Connect(url, name string) (*NATS, error) {
	nc, err := nats.Connect(url, nats.Name(name), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond),
		nats.Timeout(2*time.Second), nats.RetryOnFailedConnect(false))
	if err != nil {
		return nil, fmt.Errorf("bus: connect to %s: %w", url, err)
	}
	return &NATS{nc: nc}, nil
}

// Close drains and closes the connection.
func (b *NATS) Close() error {
	if err := b.nc.Drain(); err != nil {
		b.nc.Close()
		return fmt.Errorf("bus: drain: %w", err)
	}
	return nil
}

// Publish sends a message; it returns before the server has it.
func (b *NATS) Publish(subject string, m carrom.BusMsg) error {
	msg := nats.NewMsg(subject)
	msg.Data = m.Data
	for k, v := range m.Header {
		msg.Header.Set(k, v)
	}
	if err := b.nc.PublishMsg(msg); err != nil {
		return fmt.Errorf("bus: publish on %s: %w", subject, err)
	}
	return nil
}

// Subscribe calls handle for each message on subject on a goroutine of
// the subscription's own, in order. It returns once the server has the
// subscription, so that a message published after it is not missed.
func (b *NATS) Subscribe(subject string, handle func(carrom.BusMsg)) (func() error, error) {
	sub, err := b.nc.Subscribe(subject, func(msg *nats.Msg) {
		m := carrom.BusMsg{Data: msg.Data}
		if len(msg.Header) > 0 {
			m.Header = make(map[string]string, len(msg.Header))
			for k := range msg.Header {
				m.Header[k] = msg.Header.Get(k)
			}
		}
		if msg.Reply != "" {
			m.Respond = msg.Respond
		}
		handle(m)
	})
	if err != nil {
		return nil, fmt.Errorf("bus: subscribe to %s: %w", subject, err)
	}
	// A table's busy subscription must not be cut off as a slow consumer
	// before its owner catches up.
	if err := sub.SetPendingLimits(-1, 64<<20); err != nil {
		sub.Unsubscribe()
		return nil, fmt.Errorf("bus: subscribe to %s: %w", subject, err)
	}
	if err := b.nc.FlushTimeout(5 * time.Second); err != nil {
		sub.Unsubscribe()
		return nil, fmt.Errorf("bus: subscribe to %s: %w", subject, err)
	}
	return sub.Unsubscribe, nil
}

// Request sends data on subject and waits for the first answer, until
// ctx ends; carrom.ErrNoOwner if no subscriber listens.
func (b *NATS) Request(ctx context.Context, subject string, data []byte) ([]byte, error) {
	msg, err := b.nc.RequestWithContext(ctx, subject, data)
	if err != nil {
		if errors.Is(err, nats.ErrNoResponders) {
			return nil, fmt.Errorf("bus: %s: %w", subject, carrom.ErrNoOwner)
		}
		return nil, fmt.Errorf("bus: request on %s: %w", subject, err)
	}
	return msg.Data, nil
}

// Ping checks that the server answers.
func (b *NATS) Ping(ctx context.Context) error {
	d := 2 * time.Second
	if dl, ok := ctx.Deadline(); ok {
		d = time.Until(dl)
	}
	if err := b.nc.FlushTimeout(d); err != nil {
		return fmt.Errorf("bus: %w", err)
	}
	return nil
}
