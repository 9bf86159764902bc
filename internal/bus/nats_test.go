package bus_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/bus"
	"github.com/carrom-game/carrom/internal/bus/natstest"
	"github.com/carrom-game/carrom/internal/carrom"
)

// TestAcrossServers: a message published on one server of a three-server
// cluster reaches a subscriber on another, headers and order kept; a
// request is answered across the cluster, and one nobody listens to is
// carrom.ErrNoOwner.
func TestAcrossServers(t *testing.T) {
	urls := natstest.Cluster(t, 3)
	a, err := bus.Connect(urls[0], "a")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	c, err := bus.Connect(urls[2], "c")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	got := make(chan carrom.BusMsg, 10)
	unsub, err := c.Subscribe("carrom.test.out", func(m carrom.BusMsg) { got <- m })
	if err != nil {
		t.Fatal(err)
	}
	defer unsub()
	answer, err := c.Subscribe("carrom.test.in", func(m carrom.BusMsg) { m.Respond(append([]byte("re: "), m.Data...)) })
	if err != nil {
		t.Fatal(err)
	}
	defer answer()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// Interest crosses the routes shortly after the subscription: wait
	// for the first request to be answered, within bounds.
	var reply []byte
	for try := 0; ; try++ {
		if reply, err = a.Request(ctx, "carrom.test.in", []byte("hello")); err == nil || try == 100 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil || string(reply) != "re: hello" {
		t.Fatalf("Request = %q, %v; want re: hello", reply, err)
	}
	for i := range 5 {
		if err := a.Publish("carrom.test.out", carrom.BusMsg{Header: map[string]string{"epoch": "7"}, Data: []byte{byte('0' + i)}}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 5 {
		select {
		case m := <-got:
			if string(m.Data) != string(rune('0'+i)) || m.Header["epoch"] != "7" {
				t.Errorf("message %d = %q %v; want %q with epoch 7", i, m.Data, m.Header, string(rune('0'+i)))
			}
		case <-ctx.Done():
			t.Fatalf("message %d never arrived", i)
		}
	}
	if _, err := a.Request(ctx, "carrom.test.nobody", nil); !errors.Is(err, carrom.ErrNoOwner) {
		t.Errorf("Request to nobody = %v; want ErrNoOwner", err)
	}
	if err := a.Ping(ctx); err != nil {
		t.Errorf("Ping = %v", err)
	}
}
