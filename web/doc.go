// Package web is the browser client: TypeScript sources and a page,
// embedded in the binary and bundled with esbuild's Go API when the server
// starts, so a player needs nothing but the carrom binary (no npm, no CDN).
//
//	h, err := web.New(web.Options{Spec: board.Standard(), Levels: []string{"beginner", "expert"}})
//	// mount h for "/" beside the server's API
package web
