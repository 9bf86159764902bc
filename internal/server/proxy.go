package server

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"github.com/coder/websocket"
)

// The server behind a proxy: the address browsers reach it at, and the
// proxies whose forwarded headers it believes.

// front is what the server knows of what stands in front of it: the
// address browsers reach it at (Config.PublicURL, nil if none) and the
// proxies whose forwarded headers it believes (Config.TrustedProxies). It
// finds a request's client and makes the server's cookies, the identity
// cookie among them (identified).
type front struct {
	public  *url.URL
	proxies []netip.Prefix
}

// wsOptions accept a WebSocket from the server's own host and from its
// public address's, if any.
func (f *front) wsOptions() *websocket.AcceptOptions {
	var opts websocket.AcceptOptions
	if f.public != nil {
		opts.OriginPatterns = []string{f.public.Host}
	}
	return &opts
}

// ParsePublicURL checks a Config.PublicURL: empty, or http(s)://host
// with a port if need be, and no path, query or user.
func ParsePublicURL(s string) (*url.URL, error) {
	if s == "" {
		return nil, nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Hostname() == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("public URL %q: want https://host or https://host:port, without a path", s)
	}
	return u, nil
}

// ParsePrefixes reads the addresses of Config.TrustedProxies:
// comma-separated IP addresses or CIDR prefixes ("127.0.0.1,10.0.0.0/8").
func ParsePrefixes(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if a, err := netip.ParseAddr(f); err == nil {
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("proxy address %q: want an IP address or a CIDR prefix (10.0.0.0/8)", f)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

type addrKey struct{}

// clientAddr finds the address of a request's client: the connection's
// peer, or, when the peer is a trusted proxy, the last address in
// X-Forwarded-For that is not one (what a proxy appends is true; what
// the client sent before it may be anything).
func (f *front) clientAddr(next http.Handler) http.Handler {
	if len(f.proxies) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if f.trusted(r) {
			addr := peer(r)
			hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
			for i := len(hops) - 1; i >= 0; i-- {
				a, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
				if err != nil {
					break
				}
				addr = a.Unmap().String()
				if !f.isProxy(a) {
					break
				}
			}
			r = r.WithContext(context.WithValue(r.Context(), addrKey{}, addr))
		}
		next.ServeHTTP(w, r)
	})
}

// address is the client's address, for the limits kept per address.
func address(r *http.Request) string {
	if a, ok := r.Context().Value(addrKey{}).(string); ok {
		return a
	}
	return peer(r)
}

func peer(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

func (f *front) isProxy(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range f.proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// trusted says whether the request's peer is a trusted proxy.
func (f *front) trusted(r *http.Request) bool {
	a, err := netip.ParseAddr(peer(r))
	return err == nil && f.isProxy(a)
}

// secureRequest says whether the browser sent the request over HTTPS:
// to this server's TLS, to a public address that is https, or to a
// trusted proxy that says so (X-Forwarded-Proto, the value it set last).
func (f *front) secureRequest(r *http.Request) bool {
	if r.TLS != nil || (f.public != nil && f.public.Scheme == "https") {
		return true
	}
	if !f.trusted(r) {
		return false
	}
	proto := strings.Split(strings.Join(r.Header.Values("X-Forwarded-Proto"), ","), ",")
	return strings.EqualFold(strings.TrimSpace(proto[len(proto)-1]), "https")
}

// cookie is one of the server's cookies: HttpOnly, SameSite=Lax, for the
// whole site, Secure when the browser sent the request over HTTPS.
func (f *front) cookie(r *http.Request, name, value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: name, Value: value, Path: "/", HttpOnly: true, Secure: f.secureRequest(r),
		SameSite: http.SameSiteLaxMode, MaxAge: maxAge}
}
