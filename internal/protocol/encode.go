package protocol

import "encoding/json"

// Encode is a message as it is sent. Every message is built from finite
// numbers, strings, slices and raw JSON, so a message that does not
// encode is a bug of the server's, not of its input: it panics.
func Encode(v any) []byte {
	data, err := json.Marshal(v)
	if err != nil {
		panic("protocol: encoding a message: " + err.Error())
	}
	return data
}
