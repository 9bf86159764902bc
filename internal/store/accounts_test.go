package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/challenge"
	"github.com/carrom-game/carrom/internal/rating"
)

func count(t *testing.T, s *DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := s.queryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestDeleteAccount: deleting an account leaves no row with its ID, name,
// password, sessions or browsers, and its seats name nobody.
func TestDeleteAccount(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		for i, a := range []account.Account{{ID: "a1", Name: "Ann", Password: "h1", Created: at}, {ID: "b1", Name: "Bob", Password: "h2", Created: at}} {
			if err := st.CreateAccount(ctx, a, []string{"tokA", "tokB"}[i]); err != nil {
				t.Fatal(err)
			}
		}
		if err := st.CreateAccount(ctx, account.Account{ID: "x", Name: "ANN", Password: "h", Created: at}, ""); !errors.Is(err, account.ErrNameTaken) {
			t.Errorf("a second Ann: %v; want ErrNameTaken", err)
		}
		if err := st.CreateSession(ctx, account.Session{Hash: "s1", AccountID: "a1", CSRF: "c", Created: at, Expires: at.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		if _, a, err := st.Session(ctx, "s1", at); err != nil || a.Name != "Ann" {
			t.Errorf("Session = %+v, %v; want Ann's", a, err)
		}
		if _, _, err := st.Session(ctx, "s1", at.Add(2*time.Hour)); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("an expired session: %v; want ErrNotFound", err)
		}
		if err := st.CreateTable(ctx, carrom.TableRecord{ID: "t1", Config: []byte(`{}`), Created: at}); err != nil {
			t.Fatal(err)
		}
		for i, tok := range []string{"tokA", "tokB"} {
			if err := st.ClaimSeat(ctx, "t1", carrom.SeatRecord{Seat: i, Token: tok, Nickname: []string{"Ann", "Bob"}[i]}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := rateMatch(ctx, st, rating.Match{TableID: "t1", Rules: "icf", Sides: [2][]string{{"a1"}, {"b1"}}, Winner: 0, At: at}); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Follow(ctx, "a1", "b1", at, 10); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Follow(ctx, "b1", "a1", at, 10); err != nil {
			t.Fatal(err)
		}
		if err := st.CreateChallenge(ctx, challenge.Challenge{ID: "c1", From: "b1", To: "a1", FromToken: "tokB", Config: []byte(`{}`), Created: at}); err != nil {
			t.Fatal(err)
		}

		if _, err := st.DeleteAccount(ctx, "a1"); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			`SELECT COUNT(*) FROM accounts WHERE id = 'a1' OR name_key = 'ann' OR password = 'h1'`,
			`SELECT COUNT(*) FROM sessions WHERE account_id = 'a1'`,
			`SELECT COUNT(*) FROM account_tokens WHERE account_id = 'a1' OR token = 'tokA'`,
			`SELECT COUNT(*) FROM ratings WHERE account_id = 'a1'`,
			`SELECT COUNT(*) FROM rated_results WHERE account_id = 'a1'`,
			`SELECT COUNT(*) FROM challenges WHERE from_account = 'a1' OR to_account = 'a1'`,
			`SELECT COUNT(*) FROM follows WHERE follower = 'a1' OR followed = 'a1'`,
			`SELECT COUNT(*) FROM seats WHERE nickname = 'Ann' OR token = 'tokA'`,
		} {
			if n := count(t, st, q); n != 0 {
				t.Errorf("%s = %d after deletion; want 0", q, n)
			}
		}
		if n := count(t, st, `SELECT COUNT(*) FROM seats WHERE nickname = ?`, DeletedName); n != 1 {
			t.Errorf("seats named %s: %d; want 1", DeletedName, n)
		}
		if n := count(t, st, `SELECT COUNT(*) FROM ratings WHERE account_id = 'b1'`); n != 1 {
			t.Errorf("Bob's ratings: %d; want his one kept", n)
		}
		if _, err := st.DeleteAccount(ctx, "a1"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("deleting again: %v; want ErrNotFound", err)
		}
	})
}

// rateMatch rates m by the rating's policy in one transaction of st, as
// the server does.
func rateMatch(ctx context.Context, st *DB, m rating.Match) ([]rating.Change, error) {
	var ch []rating.Change
	err := st.Rate(ctx, func(l rating.Ledger) error {
		var err error
		ch, err = rating.Rate(l, m)
		return err
	})
	return ch, err
}

// TestRatingPeriods: games of one day are rated together against the
// opponents' ratings at the day's start; a later day starts from the last
// rating with its deviation grown; a match is rated once.
func TestRatingPeriods(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		day := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC)
		for _, id := range []string{"a", "b", "c", "d"} {
			if err := st.CreateAccount(ctx, account.Account{ID: id, Name: "n" + id, Password: "h", Created: day}, ""); err != nil {
				t.Fatal(err)
			}
		}
		rate := func(id string, at time.Time, w, l []string) []rating.Change {
			t.Helper()
			ch, err := rateMatch(ctx, st, rating.Match{TableID: id, Rules: "icf", Sides: [2][]string{w, l}, Winner: 0, At: at})
			if err != nil {
				t.Fatal(err)
			}
			return ch
		}
		rate("m1", day, []string{"a"}, []string{"b"})
		ch := rate("m2", day.Add(time.Hour), []string{"a"}, []string{"c"})
		// a's second game of the day: from 1500/350 with both games, against
		// b and c as they stood at the day's start (new players).
		want, _ := rating.New().Update([]rating.Game{{Opponent: rating.New(), Score: 1}, {Opponent: rating.New(), Score: 1}}, rating.Tau)
		if ch[0].AccountID != "a" || math.Abs(ch[0].After-want.R) > 1e-9 || math.Abs(ch[0].RD-want.RD) > 1e-9 {
			t.Errorf("a after two wins in a day: %+v; want %.4f ± %.4f", ch[0], want.R, want.RD)
		}
		if again := rate("m2", day.Add(2*time.Hour), []string{"a"}, []string{"c"}); again != nil {
			t.Errorf("m2 rated twice: %+v", again)
		}
		// Three days on: a's start is his last rating, idle two periods.
		next := day.Add(72 * time.Hour)
		ch = rate("m3", next, []string{"b"}, []string{"a"})
		start := want.Idle(2)
		bStart, _ := rating.New().Update([]rating.Game{{Opponent: rating.New(), Score: 0}}, rating.Tau)
		wantA, _ := start.Update([]rating.Game{{Opponent: bStart.Idle(2), Score: 0}}, rating.Tau)
		if ch[1].AccountID != "a" || math.Abs(ch[1].After-wantA.R) > 1e-9 || ch[1].Before != want.R {
			t.Errorf("a's loss three days on: %+v; want %.4f from %.4f", ch[1], wantA.R, want.R)
		}
		// Doubles are a pool of their own.
		ch = rate("m4", next, []string{"a", "c"}, []string{"b", "d"})
		if len(ch) != 4 || ch[0].Before != rating.InitialR {
			t.Errorf("the first doubles match: %+v; want four changes from 1500", ch)
		}
		rs, err := st.Ratings(ctx, "a")
		if err != nil || len(rs) != 2 || rs[0].Format != "doubles" || rs[1].Format != "singles" || rs[1].Games != 3 {
			t.Errorf("a's ratings %+v, %v; want doubles and singles, 3 singles games", rs, err)
		}
		lb, err := st.Leaderboard(ctx, rating.Pool{Rules: "icf", Format: "singles"}, 10)
		if err != nil || len(lb) != 3 || lb[0].R < lb[1].R || lb[1].R < lb[2].R {
			t.Errorf("leaderboard %+v, %v; want three, best first", lb, err)
		}
		h, err := st.RatingHistory(ctx, "a", rating.Pool{Rules: "icf", Format: "singles"})
		if err != nil || len(h) != 3 || h[2].TableID != "m3" {
			t.Errorf("a's history %+v, %v; want m1, m2, m3", h, err)
		}
		if _, err := rateMatch(ctx, st, rating.Match{TableID: "bad", Rules: "icf", Sides: [2][]string{{"a"}, {"b", "c"}}, At: next}); err == nil {
			t.Errorf("one against two was rated")
		}
	})
}

// TestNameSkeletons: a name that reads like another account's is refused
// as confusable, one that folds to it as taken; the accounts made before
// skeletons get theirs when the store opens (two old names alike keep
// both, the second without), and the unique index holds.
func TestNameSkeletons(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		ctx := context.Background()
		st := open()
		if err := st.CreateAccount(ctx, account.Account{ID: "b1", Name: "Bob", Password: "h", Created: at}, ""); err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]error{"\u0412ob": account.ErrNameConfusable, "B0B": account.ErrNameConfusable, "ＢＯＢ": account.ErrNameTaken, "bob": account.ErrNameTaken} {
			if err := st.CreateAccount(ctx, account.Account{ID: "x" + name, Name: name, Password: "h", Created: at}, ""); !errors.Is(err, want) {
				t.Errorf("%q beside Bob: %v; want %v", name, err, want)
			}
		}
		// Accounts as an older server made them: no skeleton, the key
		// lowered only.
		for _, a := range [][3]string{{"o1", "Ivan", "ivan"}, {"o2", "lvan", "lvan"}, {"o3", "ＺＯＥ", "ｚｏｅ"}} {
			if _, err := st.exec(ctx, `INSERT INTO accounts (id, name, name_key, password, created_at) VALUES (?, ?, ?, 'h', 0)`, a[0], a[1], a[2]); err != nil {
				t.Fatal(err)
			}
		}
		st.Close()
		st = open()
		defer st.Close()
		if n := count(t, st, `SELECT COUNT(*) FROM accounts WHERE name_skeleton IS NULL`); n != 1 {
			t.Errorf("%d accounts without a skeleton after opening; want 1 (of Ivan and lvan, which read alike, the second)", n)
		}
		if a, err := st.AccountByName(ctx, "zoe"); err != nil || a.ID != "o3" {
			t.Errorf("the old full-width ＺＯＥ by the name zoe: %+v, %v; want found, its key made anew", a, err)
		}
		if err := st.CreateAccount(ctx, account.Account{ID: "n1", Name: "Ivan", Password: "h", Created: at}, ""); !errors.Is(err, account.ErrNameTaken) {
			t.Errorf("a new Ivan: %v; want taken", err)
		}
		if err := st.CreateAccount(ctx, account.Account{ID: "n2", Name: "Zoë", Password: "h", Created: at}, ""); err != nil {
			t.Errorf("Zoë beside ZOE: %v; want made (ë is not e)", err)
		}
		if _, err := st.exec(ctx, `UPDATE accounts SET name_skeleton = ? WHERE id = 'o3'`, account.NameSkeleton("Bob")); err == nil {
			t.Error("two accounts with one skeleton: stored; want the unique index to refuse")
		}
	})
}

// TestNamesByPrefix: on both databases, the names that begin with a
// prefix in any case are found in code point order of their keys, however
// the database's locale orders text: "an" finds neither "a-n" nor "ao",
// "é" finds "Éva" and not "ez" nor "f"; the limit holds.
func TestNamesByPrefix(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		for i, n := range []string{"ann", "Andy", "a-n", "ao", "Éva", "ez", "f", "anz"} {
			if err := st.CreateAccount(ctx, account.Account{ID: fmt.Sprint("id", i), Name: n, Password: "h", Created: at}, ""); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			prefix string
			limit  int
			want   []string
		}{{"an", 10, []string{"Andy", "ann", "anz"}}, {"AN", 2, []string{"Andy", "ann"}}, {"é", 10, []string{"Éva"}}, {"a-", 10, []string{"a-n"}}, {"", 10, []string{}}, {"x", 10, []string{}}} {
			if got, err := st.NamesByPrefix(ctx, c.prefix, c.limit); err != nil || !slices.Equal(got, c.want) {
				t.Errorf("NamesByPrefix(%q, %d) = %q, %v; want %q", c.prefix, c.limit, got, err, c.want)
			}
		}
	})
}

func TestPastPrefix(t *testing.T) {
	for p, want := range map[string]string{"an": "ao", "a\U0010FFFF": "b", "\uD7FF": "\uE000", "\U0010FFFF": ""} {
		if got, ok := pastPrefix(p); got != want || ok != (want != "") {
			t.Errorf("pastPrefix(%q) = %q, %v; want %q", p, got, ok, want)
		}
	}
}
