package lobby

import (
	"html/template"
	"net/http"

	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
)

// style is the plain page's only style, inline: the page's
// Content-Security-Policy allows it by its hash.
const style = `body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#2b1d0e;background:#f6ead2}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #d8c39a}code{background:#efdfbd;padding:0 .2rem}`

var page = template.Must(template.New("lobby").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>carrom</title>
<style>{{.Style}}</style>
</head><body>
<h1>carrom</h1>
<p>The game server is running. Create a table with <code>POST /api/tables</code> and play over the WebSocket protocol of <code>docs/protocol.md</code>.</p>
<h2>Tables in play</h2>
{{if .Open}}<table><tr><th>table</th><th>rules</th><th>players</th><th>seats</th></tr>
{{range .Open}}<tr><td><a href="/api/tables/{{.ID}}">{{.ID}}</a></td><td>{{.Config.Rules}}</td><td>{{.Config.Players}}</td>
<td>{{range .Seats}}{{if .Nickname}}{{.Nickname}}{{else if eq .Kind "computer"}}computer ({{.Level}}){{else}}free{{end}} · {{end}}</td></tr>{{end}}
</table>{{else}}<p>None yet.</p>{{end}}
<h2>Finished matches</h2>
{{if .Done}}<table><tr><th>match</th><th>rules</th><th>finished</th></tr>
{{range .Done}}<tr><td><a href="/api/matches/{{.ID}}">{{.ID}}</a></td><td>{{.Config.Rules}}</td><td>{{.Finished.Format "2006-01-02 15:04"}}</td></tr>{{end}}
</table>{{else}}<p>None yet.</p>{{end}}
</body></html>`))

// Page is the plain page at /, when the server has no browser game: the
// tables in play and the finished matches.
func (l *Lobby) Page(w http.ResponseWriter, r *http.Request) {
	var p struct {
		Style      template.CSS
		Open, Done []protocol.TableInfo
	}
	p.Style = style
	var err error
	if p.Open, err = l.infos(r.Context(), false); err == nil {
		p.Done, err = l.infos(r.Context(), true)
	}
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", l.policy)
	if err := page.Execute(w, p); err != nil {
		l.env.Log.Error("lobby page", "err", err)
	}
}
