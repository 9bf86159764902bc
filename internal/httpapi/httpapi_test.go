package httpapi_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/httpapi"
)

var errKind = httpapi.New(http.StatusConflict, "seat taken")

// TestReadJSON: the one reader answers a body that is not JSON by its
// type 415, one too large 413, one it cannot read as the value 400, each
// with a plain sentence; a good body is read strictly.
func TestReadJSON(t *testing.T) {
	type body struct {
		Name string `json:"name"`
	}
	for _, c := range []struct {
		ctype, body string
		code        int
		words       string
	}{
		{"application/json", `{"name":"ann"}`, http.StatusOK, ""},
		{"application/json; charset=utf-8", `{"name":"ann"}`, http.StatusOK, ""},
		{"text/plain", `{"name":"ann"}`, http.StatusUnsupportedMediaType, "Content-Type: application/json"},
		{"application/json", `{"name":"` + strings.Repeat("x", httpapi.MaxBody) + `"}`, http.StatusRequestEntityTooLarge, "over 16384 bytes"},
		{"application/json", `{"name":1}`, http.StatusBadRequest, `the request's body: "name"`},
		{"application/json", `{"name":"ann","age":3}`, http.StatusBadRequest, `"age"`},
		{"application/json", `{"name":"ann"} {}`, http.StatusBadRequest, "more after the JSON object"},
		{"application/json", `not json`, http.StatusBadRequest, "not JSON"},
	} {
		w := httptest.NewRecorder()
		r := httptest.NewRequest("POST", "/", strings.NewReader(c.body))
		r.Header.Set("Content-Type", c.ctype)
		var v body
		if err := httpapi.ReadJSON(w, r, &v); err != nil {
			httpapi.WriteError(w, err)
		} else {
			httpapi.WriteJSON(w, http.StatusOK, v)
		}
		var out struct{ Error, Name string }
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil || w.Code != c.code || !strings.Contains(out.Error, c.words) || (c.code == http.StatusOK) != (out.Name == "ann") {
			t.Errorf("%s %.30s: %d %s; want %d saying %q", c.ctype, c.body, w.Code, w.Body, c.code, c.words)
		}
	}
}

// TestErrorWords: an error answers with its kind's status and the words
// of its first refusal, else its own, without Go's package prefixes; a
// 429 says when to ask again.
func TestErrorWords(t *testing.T) {
	for _, c := range []struct {
		err   error
		code  int
		words string
	}{
		{errKind, http.StatusConflict, "seat taken"},
		{fmt.Errorf("server: seat 2: %w", errKind), http.StatusConflict, "seat 2: seat taken"},
		{fmt.Errorf("server: table x: %w", httpapi.Refuse(errKind, "seat %d is Ann's", 2)), http.StatusConflict, "seat 2 is Ann's"},
		{httpapi.Refuse(errKind, "%v", errors.New("rules: the queen: game: no")), http.StatusConflict, "the queen: no"},
		{errors.New("store: server: database is locked"), http.StatusInternalServerError, "database is locked"},
		{httpapi.WithStatus(fmt.Errorf("store: table %q: %w", "x", errors.New("not found")), http.StatusNotFound), http.StatusNotFound, `table "x": not found`},
		{errors.New("the game: a name"), http.StatusInternalServerError, "the game: a name"},
	} {
		w := httptest.NewRecorder()
		httpapi.WriteError(w, c.err)
		var out struct{ Error string }
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil || w.Code != c.code || out.Error != c.words {
			t.Errorf("%v: %d %s; want %d %q", c.err, w.Code, w.Body, c.code, c.words)
		}
	}
	w := httptest.NewRecorder()
	httpapi.WriteError(w, httpapi.RetryAfter(httpapi.Refuse(httpapi.New(http.StatusTooManyRequests, "too many"), "too many tries"), 1500*time.Millisecond))
	if w.Code != http.StatusTooManyRequests || w.Header().Get("Retry-After") != "2" {
		t.Errorf("a 429 to retry after 1.5 s: %d, Retry-After %q; want 429, 2", w.Code, w.Header().Get("Retry-After"))
	}
}

// TestKnownAndRefuseIf: an error declared where HTTP is unknown answers
// with the status its kind is given where it is answered, and a
// refusal's own status is kept; RefuseIf says a "not found" as what was
// not found and leaves any other error as it is.
func TestKnownAndRefuseIf(t *testing.T) {
	errNotFound := errors.New("not found")
	kinds := []httpapi.Kind{{Err: errNotFound, Status: http.StatusNotFound}}
	for _, c := range []struct {
		err   error
		code  int
		words string
	}{
		{fmt.Errorf("store: account %q: %w", "ann", errNotFound), http.StatusNotFound, `account "ann": not found`},
		{httpapi.RefuseIf(fmt.Errorf("store: %w", errNotFound), errNotFound, "no player is named %q", "ann"), http.StatusNotFound, `no player is named "ann"`},
		{httpapi.RefuseIf(errors.New("store: disk full"), errNotFound, "no player is named %q", "ann"), http.StatusInternalServerError, "disk full"},
		{httpapi.Refuse(errKind, "the seat is Bob's"), http.StatusConflict, "the seat is Bob's"},
	} {
		w := httptest.NewRecorder()
		httpapi.WriteError(w, httpapi.Known(c.err, kinds...))
		var out struct{ Error string }
		if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
			t.Fatal(err)
		}
		if w.Code != c.code || out.Error != c.words {
			t.Errorf("%v answered %d %q; want %d %q", c.err, w.Code, out.Error, c.code, c.words)
		}
	}
}

// foreignKind is a kind of error declared where HTTP is unknown (as the
// table's are): its status and code are its own methods'.
type foreignKind struct{}

func (foreignKind) Error() string     { return "table: not your turn" }
func (foreignKind) HTTPStatus() int   { return http.StatusForbidden }
func (foreignKind) ErrorCode() string { return "not_your_turn" }

// TestForeignKind: an error of a kind declared outside httpapi answers
// with its status, its code and its words, its package's prefix left out.
func TestForeignKind(t *testing.T) {
	rec := httptest.NewRecorder()
	httpapi.WriteError(rec, fmt.Errorf("table: seat 1 is to strike: %w", foreignKind{}))
	var body struct{ Error, Code string }
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if rec.Code != http.StatusForbidden || body.Code != "not_your_turn" || body.Error != "seat 1 is to strike: not your turn" {
		t.Errorf("answered %d %+v; want 403, code not_your_turn, words without prefixes", rec.Code, body)
	}
}
