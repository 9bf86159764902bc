package web_test

import (
	"log"
	"net/http"

	"github.com/carrom-game/carrom/board"
	"github.com/carrom-game/carrom/web"
)

// The client beside an API: the page answers every path the API does not.
func ExampleNew() {
	page, err := web.New(web.Options{Spec: board.Standard(), Levels: []string{"beginner", "expert"}})
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/tables", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("[]")) })
	mux.Handle("GET /", page)
	log.Fatal(http.ListenAndServe("127.0.0.1:8080", mux))
}
