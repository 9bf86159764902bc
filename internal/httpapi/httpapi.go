// Package httpapi is the JSON plumbing of carrom's HTTP API: one reader of
// request bodies, one writer of answers, and errors that carry the status
// they answer with and words a person can act on.
//
// A domain declares its errors with New (a kind: a status and a sentence)
// and refuses a request in words of its own with Refuse (the kind sets the
// status). WriteError answers any error as {"error": "…"}: its status is
// the one of the first kind in its chain (500 if none), its words the
// first refusal's, or else the error's own; either way without the
// package prefixes ("server: ", "store: ", …) that Go's errors carry for
// the log.
//
// A Limiter keeps a token bucket per key (an address, a name, an
// identity), and Take answers a request past its limits with ErrTooMany,
// a 429 that says when to ask again.
package httpapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/carrom-game/carrom/record"
)

// Error is a kind of error: the status it answers with, its sentence,
// and for some a stable code the page maps to the words of the reader's
// language (docs/protocol.md).
type Error struct {
	Status int
	Text   string
	Code   string
}

func (e *Error) Error() string { return e.Text }

// HTTPStatus is the status the error answers with.
func (e *Error) HTTPStatus() int { return e.Status }

// ErrorCode is the kind's stable code, "" if none.
func (e *Error) ErrorCode() string { return e.Code }

// New declares a kind of error.
func New(status int, text string) error { return &Error{Status: status, Text: text} }

// NewCoded declares a kind of error with a stable code, answered beside
// its sentence.
func NewCoded(status int, code, text string) error {
	return &Error{Status: status, Text: text, Code: code}
}

// refusal is an error in words of its own, one plain sentence for the
// client; its kind sets its status. A coded one carries a stable code and
// the values its sentence names, for the page to say it in the reader's
// language.
type refusal struct {
	text   string
	kind   error
	code   string
	params map[string]any
}

func (e *refusal) Error() string { return e.text }
func (e *refusal) Unwrap() error { return e.kind }

// Refuse is an error of kind in words of its own: the words are the
// answer, the kind gives the status and what errors.Is matches.
func Refuse(kind error, format string, args ...any) error {
	return &refusal{text: fmt.Sprintf(format, args...), kind: kind}
}

// RefuseCoded is Refuse with a stable code and the values of its
// sentence (params, named as the catalogues' placeholders: "Round"),
// answered beside its words.
func RefuseCoded(kind error, code string, params map[string]any, format string, args ...any) error {
	return &refusal{text: fmt.Sprintf(format, args...), kind: kind, code: code, params: params}
}

// Code is err's stable code and the values of its sentence: the first
// coded refusal's in its chain, else its kind's code (a kind with a
// method ErrorCode); "" if none.
func Code(err error) (string, map[string]any) {
	if r := (*refusal)(nil); errors.As(err, &r) && r.code != "" {
		return r.code, r.params
	}
	// A kind declared where HTTP is unknown (a table's refusals) says its
	// code as an Error does.
	var e interface{ ErrorCode() string }
	if errors.As(err, &e) {
		return e.ErrorCode(), nil
	}
	return "", nil
}

// RefuseIf is err in words of its own (Refuse) if it is of kind, else
// err: a store's "not found" said as what was not found.
func RefuseIf(err, kind error, format string, args ...any) error {
	if errors.Is(err, kind) {
		return Refuse(kind, format, args...)
	}
	return err
}

// retry is an error that says when to ask again: a 429's Retry-After.
type retry struct {
	error
	after time.Duration
}

func (e retry) Unwrap() error { return e.error }

// RetryAfter is err, whose answer says to ask again after d.
func RetryAfter(err error, d time.Duration) error { return retry{err, d} }

// defaultRetry is the Retry-After of a 429 whose limit frees when
// something ends (a table, a connection, a search), not at a known time.
const defaultRetry = 10 * time.Second

// Seconds is a wait in whole seconds, rounded up, at least one.
func Seconds(d time.Duration) int64 { return max(1, int64((d+time.Second-1)/time.Second)) }

// Status is the status err answers with: its first kind's, else 500.
func Status(err error) int {
	var s interface{ HTTPStatus() int }
	if errors.As(err, &s) {
		return s.HTTPStatus()
	}
	return http.StatusInternalServerError
}

// withStatus is an error declared where HTTP is unknown (the domain
// types, the store), given its status where it is answered.
type withStatus struct {
	error
	status int
}

func (e withStatus) Unwrap() error   { return e.error }
func (e withStatus) HTTPStatus() int { return e.status }

// WithStatus is err answered with status.
func WithStatus(err error, status int) error { return withStatus{err, status} }

// prefix is a Go package's prefix at the start of an error or of one of
// the errors it wraps: the packages of this module and encoding/json.
var prefix = regexp.MustCompile(`(^|: )(?:server|table|account|store|umpire|record|rules|game|carrom|board|physics|coach|ai|bus|cluster|tourney|json|jsontext): `)

// Text is err in words for a person: the first refusal's in its chain, or
// else its own, without Go's package prefixes.
func Text(err error) string {
	msg := err.Error()
	var r *refusal
	if errors.As(err, &r) {
		msg = r.text
	}
	for {
		out := prefix.ReplaceAllString(msg, "$1")
		if out == msg {
			return out
		}
		msg = out
	}
}

// Kind is an error declared where HTTP is unknown (the domain types, the
// store) and the status it answers with where it is answered.
type Kind struct {
	Err    error
	Status int
}

// Known is err with its status: its own, or else that of the first of
// kinds in its chain.
func Known(err error, kinds ...Kind) error {
	if Status(err) == http.StatusInternalServerError {
		for _, k := range kinds {
			if errors.Is(err, k.Err) {
				return WithStatus(err, k.Status)
			}
		}
	}
	return err
}

// WriteError answers err as JSON, {"error": Text(err)} and its code (Code)
// if it has one, with the values of its sentence if any ("params"), with
// its status; a 429 says when to ask again (Retry-After).
func WriteError(w http.ResponseWriter, err error) {
	code := Status(err)
	if code == http.StatusTooManyRequests {
		d := defaultRetry
		var re retry
		if errors.As(err, &re) {
			d = re.after
		}
		w.Header().Set("Retry-After", strconv.FormatInt(Seconds(d), 10))
	}
	body := map[string]any{"error": Text(err)}
	if c, params := Code(err); c != "" {
		body["code"] = c
		if len(params) > 0 {
			body["params"] = params
		}
	}
	WriteJSON(w, code, body)
}

// WriteJSON answers v as JSON with status code.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// MaxBody bounds a request body, bytes.
const MaxBody = 1 << 14

// Errors of reading a request.
var (
	// ErrMediaType is a body that does not say it is JSON: a form of
	// another site can post text/plain, never application/json.
	ErrMediaType = New(http.StatusUnsupportedMediaType, "the body must be JSON (Content-Type: application/json)")
	// ErrTooLarge is a body over MaxBody.
	ErrTooLarge = New(http.StatusRequestEntityTooLarge, fmt.Sprintf("the request's body is over %d bytes", MaxBody))
	// ErrBadRequest is a request the API cannot read.
	ErrBadRequest = New(http.StatusBadRequest, "bad request")
)

// ReadBody reads a JSON body of at most MaxBody bytes, unparsed.
func ReadBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return nil, ErrMediaType
	}
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, ErrTooLarge
	}
	if err != nil {
		return nil, Refuse(ErrBadRequest, "the request's body could not be read: %v", err)
	}
	return data, nil
}

// ReadJSON reads a JSON body of at most MaxBody bytes into v, strictly
// (record.DecodeJSON): an unknown member, a value of the wrong kind or
// anything after the object is a 400 that says what is wrong.
func ReadJSON(w http.ResponseWriter, r *http.Request, v any) error {
	data, err := ReadBody(w, r)
	if err != nil {
		return err
	}
	if err := record.DecodeJSON(data, v); err != nil {
		return Refuse(ErrBadRequest, "the request's body: %v", err)
	}
	return nil
}
