package loadtest

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tidwall/gjson"

	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/servertest"
)

// readTurn reads the next message as a load test's player reads it: its
// type, its seq and whose turn it is, with the rest of the state and the
// outcome (the pieces, the trajectory, which a browser draws) skipped
// unparsed. The players of a load test run beside the server, and
// parsing every field of every event cost them more CPU than the server
// spent on the game; even skipping them with encoding/json, which checks
// the whole message before it decodes any of it and then scans it again,
// cost about half of their CPU. gjson finds the fields with one
// scan that does not decode what it passes.
func readTurn(ctx context.Context, c *servertest.Conn) (servertest.Message, error) {
	data, err := c.ReadRaw(ctx)
	if err != nil {
		return servertest.Message{}, err
	}
	return decodeTurn(data)
}

// decodeTurn is readTurn's reading of one message.
func decodeTurn(data []byte) (servertest.Message, error) {
	typ := gjson.GetBytes(data, "type")
	if typ.Type != gjson.String {
		return servertest.Message{}, fmt.Errorf("loadtest: message %.200q: no type", data)
	}
	out := servertest.Message{Type: typ.Str}
	if out.Type != protocol.TypeEvent && out.Type != protocol.TypeState {
		return out, nil
	}
	f := gjson.GetManyBytes(data, "seq", "state")
	if f[0].Type != gjson.Number || !f[1].IsObject() {
		return servertest.Message{}, fmt.Errorf("loadtest: %s message %.200q: no seq or state", out.Type, data)
	}
	out.Seq = f[0].Int()
	state := gjson.GetMany(f[1].Raw, "started", "over", "to_act")
	out.State = &protocol.GameState{Started: state[0].Bool(), Over: state[1].Bool()}
	if err := json.Unmarshal([]byte(state[2].Raw), &out.State.ToAct); err != nil {
		return servertest.Message{}, fmt.Errorf("loadtest: %s message %.200q: to_act: %w", out.Type, data, err)
	}
	return out, nil
}
