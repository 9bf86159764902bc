package web_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/carrom-game/carrom/internal/server"
)

// TestTournamentImportedInTheBrowser (issue 28): the organiser's Import
// form sends a SoL dump's bytes as they are (gzipped) through the page's
// one request helper, and the new tournament's page opens with the dump's
// players in its standings; a file that is no tournament is refused in
// words beside the form.
func TestTournamentImportedInTheBrowser(t *testing.T) {
	e := newEnvWith(t, func(c *server.Config) { c.Accounts = c.Store.(server.Accounts) })
	org := e.tab()
	e.run(org, chromedp.EmulateViewport(1280, 900))
	e.signUp(org, "org", "org's password")
	bad := filepath.Join(t.TempDir(), "notes.json")
	if err := os.WriteFile(bad, []byte(`{"format": "carrom-tourney/9"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	e.run(org, chromedp.Navigate(e.base+"/tournaments"), chromedp.WaitVisible("#tournament-import", chromedp.ByID),
		chromedp.SetUploadFiles("#t-import-file", []string{bad}, chromedp.ByID), chromedp.Click("#t-import", chromedp.ByID))
	// The refusal is the catalogue's sentence for its code, with the
	// reader's reason.
	e.waitFor(org, "the refusal", `document.getElementById("t-import-error").textContent.startsWith("The tournament file cannot be read: ")`, 20*time.Second)

	dump, err := filepath.Abs("../tourney/sol/testdata/club_day.sol")
	if err != nil {
		t.Fatal(err)
	}
	e.run(org, chromedp.SetUploadFiles("#t-import-file", []string{dump}, chromedp.ByID), chromedp.Click("#t-import", chromedp.ByID))
	e.settle(org, "the imported tournament's standings", `location.pathname.startsWith("/tournaments/") && document.getElementById("t-standings").textContent.includes("Anna Rossi")`, 30*time.Second)
}
