package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
)

// said reads the next phrase c hears: its seat and phrase.
func said(t *testing.T, c *conn) (int, string) {
	t.Helper()
	var got protocol.SaidMsg
	if err := json.Unmarshal(c.next("said").Raw, &got); err != nil {
		t.Fatal(err)
	}
	return got.Seat, got.Phrase
}

// TestSayWords: a player's phrase reaches both players, the spectators
// only when he lets them; a phrase off the list, a spectator's and one
// over the rate limit are refused with a plain error.
func TestSayWords(t *testing.T) {
	e := newEnv(t, t.TempDir())
	id, _, _, a, b := twoPlayers(t, e, 0)
	eve := e.player().connect(id, 0)
	eve.next("welcome")

	a.send(protocol.Say("good-shot", false))
	for _, c := range []*conn{a, b} {
		if seat, phrase := said(t, c); seat != 0 || phrase != "good-shot" {
			t.Errorf("heard seat %d say %q; want seat 0 say good-shot", seat, phrase)
		}
	}
	b.send(protocol.Say("thanks", true))
	for _, c := range []*conn{a, b, eve} {
		// Eve's first phrase is Bob's: Ann did not let the spectators hear hers.
		if seat, phrase := said(t, c); seat != 1 || phrase != "thanks" {
			t.Errorf("heard seat %d say %q; want seat 1 say thanks", seat, phrase)
		}
	}

	b.send(protocol.Say("you are bad", false))
	if m := b.next("error"); !strings.Contains(m.Error, `"say" needs "phrase", one of hello, good-shot`) {
		t.Errorf("a phrase off the list: %q", m.Error)
	}
	eve.send(protocol.Say("hello", true))
	if m := eve.next("error"); !strings.Contains(m.Error, "only a player at the table may say something") || m.Code != "words_seated" {
		t.Errorf("a spectator's phrase: %q, code %q; want words_seated", m.Error, m.Code)
	}

	// Ann has said one phrase; two more pass, the fourth in 10 s does not.
	a.send(protocol.Say("oops", false))
	a.send(protocol.Say("sorry", false))
	a.send(protocol.Say("hello", false))
	if m := a.next("error"); !strings.Contains(m.Error, "at most 3 phrases every 10 seconds") || m.Code != "words_wait" {
		t.Errorf("a fourth phrase in 10 s: %q, code %q; want words_wait", m.Error, m.Code)
	}
	for _, want := range []string{"oops", "sorry"} {
		if _, phrase := said(t, b); phrase != want {
			t.Errorf("Bob heard %q; want %q", phrase, want)
		}
	}
	e.clock.Advance(10 * time.Second)
	a.send(protocol.Say("well-played", false))
	if _, phrase := said(t, b); phrase != "well-played" {
		t.Errorf("after 10 s Bob heard %q; want well-played", phrase)
	}
}

// TestClusterSayWords: a phrase said through a node that does not own the
// table reaches the owner, and the player at a third node hears it.
func TestClusterSayWords(t *testing.T) {
	nodes := newCluster(t, 3, 900*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	id := createTable(t, ctx, nodes[1], servertest.Humans(2, 3))
	_, ann := seated(t, ctx, nodes[0], id, 0, "Ann")
	_, bob := seated(t, ctx, nodes[2], id, 1, "Bob")
	if err := ann.Send(ctx, protocol.Say("good-luck", false)); err != nil {
		t.Fatal(err)
	}
	m := readUntil(t, ctx, bob, "Bob", "Ann's phrase", func(m servertest.Message) bool { return m.Type == "said" })
	var got protocol.SaidMsg
	if err := json.Unmarshal(m.Raw, &got); err != nil {
		t.Fatal(err)
	}
	if got.Seat != 0 || got.Phrase != "good-luck" {
		t.Errorf("Bob heard seat %d say %q; want seat 0 say good-luck", got.Seat, got.Phrase)
	}
}
