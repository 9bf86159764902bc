package record

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// DecodeJSON reads exactly one JSON object into v, strictly: member names
// match exactly (case included), a name given twice, an unknown name, a
// value of the wrong kind and anything after the object are errors. The
// error says what is wrong in the protocol's words (its fields and JSON's
// kinds), never in Go's, and carries no prefix: the caller names itself.
// The line protocols and the server's messages all read JSON through it.
func DecodeJSON(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty, want a JSON object")
	}
	err := json.Unmarshal(data, v, json.RejectUnknownMembers(true))
	if err == nil {
		return nil
	}
	var sem *json.SemanticError
	var syn *jsontext.SyntacticError
	switch {
	case errors.As(err, &sem):
		return semanticError(sem)
	case errors.As(err, &syn):
		if errors.Is(syn.Err, jsontext.ErrDuplicateName) {
			return fmt.Errorf("%s given twice%s", quoted(syn.JSONPointer.LastToken()), within(syn.JSONPointer.Parent()))
		}
		msg := strings.TrimPrefix(syn.Err.Error(), "jsontext: ")
		switch {
		case strings.Contains(msg, "after top-level value"):
			return errors.New("more after the JSON object")
		case strings.Contains(msg, "unexpected EOF"):
			return errors.New("not JSON: it ends too soon")
		}
		return fmt.Errorf("not JSON: %s (at byte %d)", msg, syn.ByteOffset)
	}
	return fmt.Errorf("not JSON: %v", err)
}

func quoted(name string) string { return fmt.Sprintf("%q", name) }

// within names the object a member belongs to, by its path.
func within(p jsontext.Pointer) string {
	if p == "" {
		return ""
	}
	return " in " + quoted(strings.TrimPrefix(string(p), "/"))
}

func semanticError(e *json.SemanticError) error {
	p := e.JSONPointer
	if errors.Is(e.Err, json.ErrUnknownName) {
		return fmt.Errorf("unknown field %s%s", quoted(p.LastToken()), within(p.Parent()))
	}
	want := "a value of another kind"
	if e.GoType != nil {
		want = kindWanted(e.GoType)
	}
	if p == "" {
		return fmt.Errorf("%s, want %s", kindGot(e), want)
	}
	return fmt.Errorf("%s is %s, want %s", quoted(strings.TrimPrefix(string(p), "/")), kindGot(e), want)
}

// kindWanted names the JSON value that a Go type is read from.
func kindWanted(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Array:
		return fmt.Sprintf("a list of %d", t.Len())
	case reflect.Slice:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "a JSON object"
	}
	return "a value of another kind"
}

// kindGot names what the JSON held.
func kindGot(e *json.SemanticError) string {
	switch e.JSONKind {
	case '0':
		if len(e.JSONValue) > 0 {
			return string(e.JSONValue)
		}
		return "a number out of range"
	case '"':
		return "a string"
	case '{':
		return "an object"
	case '[':
		return "an array"
	case ']':
		return "a list of another length"
	case 't', 'f':
		return "a bool"
	case 'n':
		return "null"
	}
	return "a value of another kind"
}
