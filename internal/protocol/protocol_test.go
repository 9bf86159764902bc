package protocol_test

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/carrom-game/carrom/internal/protocol"
)

// TestEventRoundTrip: an event the server sent (testdata/event.json, a
// stroke of an ICF match) reads into EventMsg and writes back byte for
// byte: the types hold every field, in the order and with the omissions
// the server's messages have.
func TestEventRoundTrip(t *testing.T) {
	data, err := os.ReadFile("testdata/event.json")
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.TrimSpace(data)
	var ev protocol.EventMsg
	if err := json.Unmarshal(data, &ev); err != nil {
		t.Fatal(err)
	}
	got, err := json.Marshal(ev)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) {
		t.Errorf("the event written back:\n%s\nwant the server's:\n%s", got, data)
	}
}

// TestClientMessages: the constructors write the messages of
// docs/protocol.md, "Client to server", with nothing but the fields each
// type needs.
func TestClientMessages(t *testing.T) {
	for _, c := range []struct {
		m    protocol.ClientMsg
		want string
	}{
		{protocol.Sit(1, ""), `{"v":0,"type":"sit","seat":1}`},
		{protocol.Sit(0, "Ann"), `{"v":0,"type":"sit","seat":0,"nickname":"Ann"}`},
		{protocol.Strike(0.01, 90, 0.5), `{"v":0,"type":"strike","x":0.01,"angle":90,"power":0.5}`},
		{protocol.StrikeDir(0, [2]float64{0, 1}, 4), `{"v":0,"type":"strike","x":0,"dir":[0,1],"speed":4}`},
		{protocol.Place(0.05, 0), `{"v":0,"type":"place","x":0.05,"y":0}`},
		{protocol.Forgo(), `{"v":0,"type":"forgo"}`},
		{protocol.Concede("match"), `{"v":0,"type":"concede","what":"match"}`},
		{protocol.Buy(2, 1, 0, false), `{"v":0,"type":"buy","pocket":2,"white":1,"black":0,"queen":false}`},
		{protocol.AimAt(0.02, [2]float64{0.6, 0.8}, 0.4), `{"v":0,"type":"aim","x":0.02,"dir":[0.6,0.8],"power":0.4}`},
		{protocol.Ping(), `{"v":0,"type":"ping"}`},
		{protocol.Say("good-shot", true), `{"v":0,"type":"say","phrase":"good-shot","spectators":true}`},
	} {
		if got, err := json.Marshal(c.m); err != nil || string(got) != c.want {
			t.Errorf("%s: %s, %v; want %s", c.m.Type, got, err, c.want)
		}
	}
}
