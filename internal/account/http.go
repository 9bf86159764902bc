package account

import (
	"context"
	"errors"
	"net/http"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
)

type credentials struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

type accountJSON struct {
	SignedIn bool   `json:"signed_in"`
	Name     string `json:"name,omitempty"`
	CSRF     string `json:"csrf,omitempty"`
	Lang     string `json:"lang,omitempty"`
}

// writeAccount answers the account of a signed-in browser and its
// session's CSRF token.
func writeAccount(w http.ResponseWriter, v SignedIn) {
	httpapi.WriteJSON(w, http.StatusOK, accountJSON{SignedIn: true, Name: v.Account.Name, CSRF: v.Session.CSRF, Lang: v.Account.Lang})
}

// checkNewPassword: 8 to 256 bytes (NIST SP 800-63B's floor; the ceiling
// bounds the work of a hash).
func checkNewPassword(pw string) error {
	if len(pw) < 8 || len(pw) > 256 {
		return ErrBadPassword
	}
	return nil
}

func (s *Service) getAccount(w http.ResponseWriter, r *http.Request) {
	v, err := Of(r)
	if err != nil {
		httpapi.WriteJSON(w, http.StatusOK, accountJSON{})
		return
	}
	writeAccount(w, v)
}

func (s *Service) signUp(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := httpapi.ReadJSON(w, r, &c); err != nil {
		fail(w, err)
		return
	}
	name, err := CanonicalName(c.Name)
	if err != nil {
		fail(w, err)
		return
	}
	if err := checkNewPassword(c.Password); err != nil {
		fail(w, err)
		return
	}
	if err := httpapi.Take(s.limit.byAddr, nil, s.Address(r), "", s.Clock.Now(), "sign-ups and sign-ins"); err != nil {
		fail(w, err)
		return
	}
	h, err := s.hash.hash(r.Context(), c.Password)
	if err != nil {
		fail(w, err)
		return
	}
	// The language the browser was chosen in by its menu becomes the
	// account's, to follow the player to his other browsers.
	a := Account{ID: newID(12), Name: name, Password: h, Created: s.Clock.Now(), Lang: s.offered(langCookie(r))}
	if err := s.Store.CreateAccount(r.Context(), a, s.Token(r)); err != nil {
		switch {
		case errors.Is(err, ErrNameTaken):
			err = httpapi.Refuse(ErrNameTaken, "the name %s is taken: choose another", name)
		case errors.Is(err, ErrNameConfusable):
			err = httpapi.Refuse(ErrNameTaken, "the name %s reads like another player's: choose another", name)
		}
		fail(w, err)
		return
	}
	s.Log.Info("account created", "account", a.ID)
	s.startSession(w, r, a)
}

// signIn checks a name and password. Both limits are taken before the
// password is checked, for names that exist and names that do not alike;
// an unknown name is checked against a dummy hash, so the answer and its
// time say nothing of which names exist.
func (s *Service) signIn(w http.ResponseWriter, r *http.Request) {
	var c credentials
	if err := httpapi.ReadJSON(w, r, &c); err != nil {
		fail(w, err)
		return
	}
	if err := httpapi.Take(s.limit.byAddr, s.limit.byName, s.Address(r), nameKeyOf(c.Name), s.Clock.Now(), "sign-in attempts"); err != nil {
		fail(w, err)
		return
	}
	a, err := s.Store.AccountByName(r.Context(), c.Name)
	hash := a.Password
	switch {
	case errors.Is(err, carrom.ErrNotFound):
		hash = s.hash.dummyHash()
	case err != nil:
		fail(w, err)
		return
	}
	ok, cerr := s.hash.matches(r.Context(), hash, c.Password)
	if cerr != nil && err == nil {
		s.Log.Error("an unreadable password hash", "account", a.ID)
	}
	if err != nil || !ok {
		fail(w, ErrSignIn)
		return
	}
	s.startSession(w, r, a)
}

// signOut ends the session and gives the browser a new anonymous identity,
// so that what it plays next is no longer the account's.
func (s *Service) signOut(w http.ResponseWriter, r *http.Request) {
	v, err := Of(r)
	if err != nil {
		fail(w, err)
		return
	}
	if err := s.Store.DeleteSession(r.Context(), v.Session.Hash, s.Clock.Now()); err != nil {
		fail(w, err)
		return
	}
	s.forget(w, r)
	httpapi.WriteJSON(w, http.StatusOK, accountJSON{})
}

// reauth checks the signed-in account's password again, under the name's
// sign-in limit.
func (s *Service) reauth(ctx context.Context, r *http.Request, v SignedIn, pw string) error {
	if err := httpapi.Take(s.limit.byAddr, s.limit.byName, s.Address(r), nameKeyOf(v.Account.Name), s.Clock.Now(), "password attempts"); err != nil {
		return err
	}
	ok, err := s.hash.matches(ctx, v.Account.Password, pw)
	if err != nil {
		return err
	}
	if !ok {
		return ErrSignIn
	}
	return nil
}

// changePassword sets a new password and signs every other browser out.
func (s *Service) changePassword(w http.ResponseWriter, r *http.Request) {
	v, err := Of(r)
	if err != nil {
		fail(w, err)
		return
	}
	var body struct {
		Old string `json:"old"`
		New string `json:"new"`
	}
	if err := httpapi.ReadJSON(w, r, &body); err != nil {
		fail(w, err)
		return
	}
	if err := checkNewPassword(body.New); err != nil {
		fail(w, err)
		return
	}
	if err := s.reauth(r.Context(), r, v, body.Old); err != nil {
		fail(w, err)
		return
	}
	h, err := s.hash.hash(r.Context(), body.New)
	if err != nil {
		fail(w, err)
		return
	}
	if err := s.Store.SetPassword(r.Context(), v.Account.ID, h); err != nil {
		fail(w, err)
		return
	}
	if err := s.Store.DeleteOtherSessions(r.Context(), v.Account.ID, v.Session.Hash, s.Clock.Now()); err != nil {
		fail(w, err)
		return
	}
	writeAccount(w, v)
}

// deleteAccount removes the account and its personal data, after its
// password, and tells the tables in play of the seats it held.
func (s *Service) deleteAccount(w http.ResponseWriter, r *http.Request) {
	v, err := Of(r)
	if err != nil {
		fail(w, err)
		return
	}
	var body struct {
		Password string `json:"password"`
	}
	if err := httpapi.ReadJSON(w, r, &body); err != nil {
		fail(w, err)
		return
	}
	if err := s.reauth(r.Context(), r, v, body.Password); err != nil {
		fail(w, err)
		return
	}
	seats, err := s.Store.DeleteAccount(r.Context(), v.Account.ID)
	if err != nil {
		fail(w, err)
		return
	}
	if s.Deleted != nil {
		s.Deleted(r.Context(), seats)
	}
	s.Log.Info("account deleted", "account", v.Account.ID, "seats", len(seats))
	s.forget(w, r)
	httpapi.WriteJSON(w, http.StatusOK, accountJSON{})
}

// langCookie is the language the header's menu chose on this browser.
func langCookie(r *http.Request) string {
	if c, err := r.Cookie("lang"); err == nil {
		return c.Value
	}
	return ""
}

// offered is tag if the page is offered in it, else "".
func (s *Service) offered(tag string) string {
	if s.Offered == nil || !s.Offered(tag) {
		return ""
	}
	return tag
}

// setLang stores the language the signed-in player chose in the header's
// menu: the page is shown in it on any browser he signs in on.
func (s *Service) setLang(w http.ResponseWriter, r *http.Request) {
	v, err := Of(r)
	if err != nil {
		fail(w, err)
		return
	}
	var body struct {
		Lang string `json:"lang"`
	}
	if err := httpapi.ReadJSON(w, r, &body); err != nil {
		fail(w, err)
		return
	}
	if s.offered(body.Lang) == "" {
		fail(w, ErrBadLang)
		return
	}
	if err := s.Store.SetLang(r.Context(), v.Account.ID, body.Lang); err != nil {
		fail(w, err)
		return
	}
	v.Account.Lang = body.Lang
	writeAccount(w, v)
}
