package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/internal/clock"
	"github.com/pbemd/pbemd/store"
	"github.com/pbemd/pbemd/workflow"
)

// Options are what a Server reads and whom it serves for.
type Options struct {
	DB    *store.DB
	Rules *game.Registry
	// Moderation is the daemon's: the dry run of orders and the orders on
	// file are its own, and Pages checks the links.
	Moderation *workflow.Moderation
	Pages      *workflow.Pages
	// Address is the moderator's address, which the page's mail of
	// orders is written to.
	Address string
	// Clock paces the rate limits; default the system clock.
	Clock  clock.Clock
	Logger *slog.Logger
	// Limits bound each link's and each address's requests; the zero
	// value takes the defaults (docs/web.md).
	Limits Limits
}

// Server serves the players' pages.
type Server struct {
	db      *store.DB
	rules   *game.Registry
	mod     *workflow.Moderation
	pages   *workflow.Pages
	address string
	clock   clock.Clock
	log     *slog.Logger
	limits  *limiters
}

// New returns a Server.
func New(o Options) *Server {
	if o.Limits == (Limits{}) {
		o.Limits = defaultLimits
	}
	if o.Clock == nil {
		o.Clock = clock.System{}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return &Server{db: o.DB, rules: o.Rules, mod: o.Moderation, pages: o.Pages, address: o.Address,
		clock: o.Clock, log: o.Logger, limits: newLimiters(o.Limits, o.Clock)}
}

// The server's bounds on a request: how long it may take to arrive and
// to be answered, and how large its header may be. A handler's own work
// is bounded by handlerTimeout.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 10 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = time.Minute
	handlerTimeout    = 20 * time.Second
	maxHeaderBytes    = 16 << 10
	shutdownTimeout   = 5 * time.Second
)

// Handler serves the pages: every request under /p/CAMPAIGN/PLAYER/SECRET/
// once its link opens a seat's page, and the same 404 for anything else.
func (s *Server) Handler() http.Handler {
	h := http.HandlerFunc(s.serve)
	return s.guard(http.TimeoutHandler(h, handlerTimeout, "pbemd took too long to answer; try again in a moment"))
}

// Start listens on addr (host:port; port 0 takes a free one) and serves
// Handler there until stop is called. It returns the address it listens
// on; stop closes the listener and every connection, and waits for them.
func (s *Server) Start(addr string) (stop func(), bound net.Addr, err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, nil, fmt.Errorf("web: listen for the players' pages on %s: %w", addr, err)
	}
	return s.Serve(ln), ln.Addr(), nil
}

// Serve serves Handler on ln until stop is called, which closes ln, lets
// the requests under way finish (for a few seconds at most), and waits
// for them.
func (s *Server) Serve(ln net.Listener) (stop func()) {
	srv := &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("web listener stopped", "addr", ln.Addr(), "err", err)
		}
	})
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		defer cancel()
		if srv.Shutdown(ctx) != nil {
			srv.Close()
		}
		wg.Wait()
	}
}

// guard sets the headers every answer carries and applies the rate limit
// per address before anything else is read.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", pageCSP)
		h.Set("X-Content-Type-Options", "nosniff")
		// The link is the capability: no other site may learn it from a
		// Referer, frame the page, or index it.
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Frame-Options", "SAMEORIGIN")
		h.Set("X-Robots-Tag", "noindex, nofollow")
		h.Set("Cache-Control", "no-store")
		if !s.limits.allow("addr " + addressKey(clientAddr(r))) {
			tooMany(w)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// pageCSP lets a page run the daemon's own script and style and nothing
// else: no inline script or style, no other origin, no plugin, no form
// posted anywhere, and no framing by other sites.
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// reportCSP is the policy of a report shown in the page's frame: the
// report mail's HTML, whose styles are inline as a mail's must be, and
// which runs no script at all (sandbox).
const reportCSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; " +
	"frame-ancestors 'self'; sandbox"

// clientAddr is whom a request comes from: the peer's address, or, from a
// reverse proxy on this machine (a loopback peer), the address the proxy
// appended last to X-Forwarded-For.
func clientAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		if fwd := r.Header.Values("X-Forwarded-For"); len(fwd) > 0 {
			last := fwd[len(fwd)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if last = strings.TrimSpace(last); last != "" {
				return last
			}
		}
	}
	return host
}

// seatLink is a request's link, once it opens a seat's page.
type seatLink struct {
	c    *store.Campaign
	seat *store.Seat
	// rest is the path after the link: "" for the page, "report/3",
	// "schema.json", "check", "page.js".
	rest string
}

// serve finds the seat whose page the request's link opens, and serves
// what the rest of the path asks. Anything else is the one 404.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	id, player, secret, rest, ok := splitLink(r.URL.Path)
	if !ok {
		notFound(w)
		return
	}
	l, err := s.open(id, player, secret)
	switch {
	case err != nil:
		s.log.Error("read a page's campaign", "campaign", id, "err", err)
		http.Error(w, "pbemd could not read the campaign; try again later", http.StatusInternalServerError)
		return
	case l == nil:
		notFound(w)
		return
	}
	// Only links that open a page have a bucket of their own: guesses
	// count against their address alone.
	if !s.limits.allow("link " + string(id) + "/" + string(player)) {
		tooMany(w)
		return
	}
	l.rest = rest
	s.route(w, r, l)
}

// route serves the part of a page the rest of the path names.
func (s *Server) route(w http.ResponseWriter, r *http.Request, l *seatLink) {
	get := r.Method == http.MethodGet || r.Method == http.MethodHead
	switch {
	case l.rest == "" && get:
		s.servePage(w, r, l)
	case strings.HasPrefix(l.rest, "report/") && get:
		s.serveReport(w, l)
	case l.rest == "schema.json" && get:
		s.serveSchema(w, l)
	case l.rest == "check" && r.Method == http.MethodPost:
		s.serveCheck(w, r, l)
	case get && serveAsset(w, r, l.rest):
	default:
		notFound(w)
	}
}

// maxIDBytes bounds a campaign's or a player's ID in a link.
const maxIDBytes = 64

// splitLink reads /p/CAMPAIGN/PLAYER/SECRET/REST, whose secret has the
// shape of one (workflow.PageSecretChars of base64url).
func splitLink(path string) (id campaign.ID, player campaign.PlayerID, secret, rest string, ok bool) {
	tail, found := strings.CutPrefix(path, "/p/")
	if !found {
		return "", "", "", "", false
	}
	parts := strings.SplitN(tail, "/", 4)
	if len(parts) < 4 || parts[0] == "" || parts[1] == "" || len(parts[0]) > maxIDBytes || len(parts[1]) > maxIDBytes ||
		!secretShaped(parts[2]) {
		return "", "", "", "", false
	}
	return campaign.ID(parts[0]), campaign.PlayerID(parts[1]), parts[2], parts[3], true
}

// secretShaped reports whether s could be a link's secret.
func secretShaped(s string) bool {
	if len(s) != workflow.PageSecretChars {
		return false
	}
	for _, c := range []byte(s) {
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// addressKey is the address a rate limit counts requests by: an IPv4
// address, or an IPv6 address's /64, which one subscriber usually holds
// whole.
func addressKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil || ip.Is4() || ip.Is4In6() {
		return addr
	}
	p, err := ip.Prefix(64)
	if err != nil {
		return addr
	}
	return p.String()
}

// open returns the seat whose page the link opens, or nil: the campaign
// and the player exist, the secret is the seat's now, and the player may
// still read the campaign (pageTurns).
func (s *Server) open(id campaign.ID, player campaign.PlayerID, secret string) (*seatLink, error) {
	var c *store.Campaign
	err := s.db.View(func(tx *store.Tx) error {
		var err error
		c, err = tx.Campaign(id)
		return err
	})
	if errors.Is(err, store.ErrCampaignNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	seat := c.Seat(player)
	if seat == nil || !s.pages.Opens(c.ID, seat, secret) || len(readable(c, seat)) == 0 {
		return nil, nil
	}
	return &seatLink{c: c, seat: seat}, nil
}

// notFoundBody is the one answer to every link that opens nothing, and
// to every path that is no page's.
const notFoundBody = "No such page. The link to your page is in your latest report mail; it changes when your token does.\n"

// notFound answers with the one 404.
func notFound(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprint(w, notFoundBody)
}

// tooMany answers a request over its rate limit.
func tooMany(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Retry-After", "5")
	w.WriteHeader(http.StatusTooManyRequests)
	fmt.Fprint(w, "Too many requests from here; wait a few seconds and reload the page.\n")
}
