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

// decodeStrict reads one JSON value into v: member names match exactly
// (case included), a name given twice, an unknown name, a value of the
// wrong type and anything after the value are errors. The error says what
// is wrong in the protocol's words, never in Go's.
func decodeStrict(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		return errors.New("empty line")
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
			return fmt.Errorf("bad JSON: %s given twice%s", quoted(syn.JSONPointer.LastToken()), within(syn.JSONPointer.Parent()))
		}
		msg := syn.Err.Error()
		if strings.HasPrefix(msg, "invalid character") && strings.Contains(msg, "after top-level value") {
			return errors.New("more than one JSON value on the line")
		}
		return fmt.Errorf("bad JSON: %s", strings.TrimPrefix(msg, "jsontext: "))
	}
	return fmt.Errorf("bad JSON: %v", err)
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
		return fmt.Errorf("bad JSON: unknown field %s%s", quoted(p.LastToken()), within(p.Parent()))
	}
	at := "the line"
	if p != "" {
		at = quoted(strings.TrimPrefix(string(p), "/"))
	}
	want := "a value of another kind"
	if e.GoType != nil {
		want = kindWanted(e.GoType)
	}
	return fmt.Errorf("bad JSON: %s wants %s, not %s", at, want, kindGot(e))
}

// kindGot says what the JSON held.
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
		return "an array of another length"
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	}
	return "a value of another kind"
}

// kindWanted says in JSON's words what a Go type reads.
func kindWanted(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64:
		return "a finite number"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Array:
		return fmt.Sprintf("an array of %d", t.Len())
	case reflect.Slice:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "a value of another kind"
}
