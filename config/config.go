package config

import (
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/orders"
)

// MaxConfigBytes is the largest config file the loader reads.
const MaxConfigBytes = 1 << 20

// Config is the daemon's configuration, as the operator writes it.
type Config struct {
	// Data is the path of the bbolt database file.
	Data string
	// Address is the moderator's address, the one players write to,
	// lower-cased.
	Address string
	// IMAP is where mail comes in, SMTP where it goes out.
	IMAP IMAP
	SMTP SMTP
	// Log says how to log.
	Log Log
	// Limits bound the mail the daemon reads.
	Limits Limits
	// Retention says how long stored mail is kept.
	Retention Retention
	// Metrics says where to serve metrics and health; off by default.
	Metrics Metrics
	// Auth says whose word pbemd takes on who sent a mail.
	Auth Auth
	// Cache bounds what the daemon keeps decoded in memory.
	Cache Cache
	// Web says where to serve the players' pages; off by default.
	Web Web
}

// Web says where the daemon serves each player's page (package web), and
// under which address players reach it. Listen empty (the default) serves
// no pages, and report mails carry no link.
type Web struct {
	// Listen is the host:port to listen on, e.g. 127.0.0.1:8080, behind
	// a TLS reverse proxy.
	Listen string
	// BaseURL is where players reach what Listen serves, e.g.
	// https://pbem.example.org: report mails link to pages under it.
	BaseURL string
	// KeyFile is where the key of the page links is kept, written on the
	// first start (default: the data file's path with .webkey added).
	KeyFile string
}

// Cache bounds the daemon's caches.
type Cache struct {
	// Turns is how many campaigns' open turns are kept decoded, those
	// that had mail last (default DefaultTurnCache): a mail of orders for
	// a campaign among them is checked without decoding its state again.
	Turns int
}

// IMAP says where and how the daemon reads its mail.
type IMAP struct {
	// Host is the server's host name.
	Host string
	// Port defaults to 993 with implicit TLS and 143 otherwise.
	Port int
	// TLS is "implicit" (the default), "starttls" or "none".
	TLS string
	// User is the login.
	User string
	// PasswordFile and PasswordEnv name where the password is kept: a file
	// (its trailing newline is dropped) or an environment variable. Exactly
	// one is set.
	PasswordFile string
	PasswordEnv  string
	// Mailbox is read for new mail (default INBOX); processed mail is moved
	// to Processed (default pbemd/processed).
	Mailbox   string
	Processed string
	// Poll is how often the mailbox is checked when the server cannot
	// push (default 1m).
	Poll time.Duration
}

// SMTP says where and how the daemon sends its mail.
type SMTP struct {
	// Host is the server's host name.
	Host string
	// Port defaults to 587 with STARTTLS, 465 with implicit TLS and 25
	// without TLS.
	Port int
	// TLS is "starttls" (the default), "implicit" or "none".
	TLS string
	// User is the login; empty means the server takes mail without one.
	User string
	// PasswordFile and PasswordEnv are as for IMAP; one is set if User is.
	PasswordFile string
	PasswordEnv  string
	// HELO is the name the daemon gives in HELO/EHLO; empty means the
	// host name.
	HELO string
}

// Log says how the daemon logs.
type Log struct {
	// Format is "text" or "json"; empty (the default) leaves it to the
	// daemon: JSON to systemd's journal or any file or pipe, text to a
	// terminal.
	Format string
	// Level is "debug", "info" (the default), "warn" or "error".
	Level string
}

// Limits bound what the daemon accepts from mail.
type Limits struct {
	// MaxMessageBytes is the largest mail read (default 10 MiB).
	MaxMessageBytes int64
	// MaxAttachmentBytes is the largest orders attachment read (default
	// 256 KiB).
	MaxAttachmentBytes int64
	// SenderMailsPerHour is how many mails carrying its own token one
	// player or GM address may send in an hour before pbemd stops reading
	// them (default 30).
	SenderMailsPerHour int64
	// UnauthenticatedMailsPerHour is how many mails without their
	// sender's token (none, a wrong one) pbemd answers per address in an
	// hour (default 5); past it they are dropped unanswered, so a forged
	// From line can neither flood a player with replies nor use up the
	// player's own limit.
	UnauthenticatedMailsPerHour int64
	// IgnoredMailsPerHour is how many unanswered mails (strangers,
	// bounces, auto-replies) pbemd keeps a record of in an hour; past it
	// only their Message-IDs are kept (default 200).
	IgnoredMailsPerHour int64
}

// Retention says how long the daemon keeps what it stores.
type Retention struct {
	// Mail is how long the whole copy of a processed mail is kept
	// (default 90 days, at least a day); its Message-ID and outcome stay,
	// so the mail is still recognised if it comes again.
	Mail time.Duration
}

// Metrics says where the daemon serves its metrics (Prometheus text format,
// /metrics) and its health (/healthz) over HTTP.
type Metrics struct {
	// Listen is the host:port to listen on, e.g. 127.0.0.1:9464; empty
	// (the default) serves nothing. Port 0 takes any free port, which the
	// daemon logs.
	Listen string
}

// Auth says what pbemd believes, beyond a mail's token, about whether the
// domain in its From line sent it.
type Auth struct {
	// AuthServID is the authserv-id of the operator's own mail server,
	// the name it writes first in Authentication-Results (RFC 8601):
	// pbemd reads those fields and no others. Empty means none.
	AuthServID string
	// DKIMVerify makes pbemd check DKIM signatures itself when the
	// server gave no verdict.
	DKIMVerify bool
	// DNS is the DNS server (host:port) asked for DKIM keys; empty means
	// the system's resolver.
	DNS string
}

// Default values of the config.
const (
	DefaultMailbox                = "INBOX"
	DefaultProcessed              = "pbemd/processed"
	DefaultPoll                   = time.Minute
	DefaultMaxMessageBytes        = 10 << 20
	DefaultMaxAttachmentBytes     = 256 << 10
	DefaultSenderMailsPerHour     = 30
	DefaultUnauthenticatedPerHour = 5
	DefaultIgnoredPerHour         = 200
	DefaultMailRetention          = 90 * 24 * time.Hour
	DefaultTurnCache              = 256
	MinMailRetention              = 24 * time.Hour
)

// The default ports by TLS mode.
var (
	imapPorts = map[string]int{"implicit": 993, "starttls": 143, "none": 143}
	smtpPorts = map[string]int{"implicit": 465, "starttls": 587, "none": 25}
)

var (
	tlsModes   = []string{"implicit", "starttls", "none"}
	logFormats = []string{"text", "json"}
	logLevels  = []string{"debug", "info", "warn", "error"}
)

// Load reads and checks the config file at path. Relative paths in it (data,
// password_file) are resolved against the file's directory. Content problems
// are returned as Problems; failing to read the file is a wrapped error.
func Load(path string) (*Config, error) {
	data, dir, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	return parseConfig(path, dir, data)
}

// readConfig reads the config file at path, and the directory its
// relative paths are resolved against.
func readConfig(path string) (data []byte, dir string, err error) {
	data, err = readLimited(path, MaxConfigBytes)
	if err != nil {
		return nil, "", fmt.Errorf("load config: %w", err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, "", fmt.Errorf("load config: %w", err)
	}
	return data, filepath.Dir(abs), nil
}

// Parse checks a config held in data; file names it in problems, and
// relative paths are resolved against file's directory.
func Parse(file string, data []byte) (*Config, error) {
	return parseConfig(file, filepath.Dir(file), data)
}

// Test is Load, and reads every password the config names as the daemon
// will: a password file it cannot read, or an environment variable that
// is not set, is a problem at the key that names it, listed with every
// other problem of the file. Run it as the daemon's user.
func Test(path string) (*Config, error) {
	data, dir, err := readConfig(path)
	if err != nil {
		return nil, err
	}
	c, cfg := check(path, dir, data)
	for _, p := range c.passwords {
		if _, err := password(p.what, p.file, p.env); err != nil {
			c.Addf(p.node, "%v%s", err, permissionHint(err, p.file))
		}
	}
	if err := c.Err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// permissionHint says how to let the daemon read a password file it may
// not read.
func permissionHint(err error, file string) string {
	if !errors.Is(err, fs.ErrPermission) {
		return ""
	}
	return fmt.Sprintf("; the daemon's user must read it: under systemd, chgrp pbemd %s && chmod 640 %s", file, file)
}

func parseConfig(file, dir string, data []byte) (*Config, error) {
	c, cfg := check(file, dir, data)
	if err := c.Err(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// check reads a config; the checker holds its problems, and cfg is nil if
// the file is no YAML document.
func check(file, dir string, data []byte) (c *checker, cfg *Config) {
	c = newChecker(file)
	c.KeyHints = map[string]string{"password": "never write a password in the config file: keep it in a file and write password_file: FILE, or in an environment variable and write password_env: NAME"}
	root := c.document(data, MaxConfigBytes, "file is empty; a config needs at least data, address, imap and smtp")
	if root == nil {
		return c, nil
	}
	return c, c.config(root, dir)
}

func (c *checker) config(root *yaml.Node, dir string) *Config {
	cfg := &Config{}
	f, ok := c.Mapping(root, "config", "data", "address", "imap", "smtp", "log", "limits", "retention", "metrics", "auth", "cache", "web")
	if !ok {
		return cfg
	}
	if data, ok := c.Text(c.Need(f, "data", "/var/lib/pbemd/pbemd.db"), "data"); ok {
		cfg.Data = resolve(dir, data)
	}
	cfg.Address, _ = c.email(c.Need(f, "address", "moderator@example.org"), "address")
	cfg.IMAP = c.imap(c.Need(f, "imap", "{host: imap.example.org, user: moderator@example.org, password_file: imap.pass}"), dir)
	cfg.SMTP = c.smtp(c.Need(f, "smtp", "{host: smtp.example.org, user: moderator@example.org, password_file: smtp.pass}"), dir)
	cfg.Log = c.log(f.Value("log"))
	cfg.Limits = c.limits(f.Value("limits"))
	cfg.Retention = c.retention(f.Value("retention"))
	cfg.Cache = c.cache(f.Value("cache"))
	cfg.Metrics = c.metrics(f.Value("metrics"))
	cfg.Auth = c.auth(f.Value("auth"))
	cfg.Web = c.web(f.Value("web"), dir, cfg.Data)
	return cfg
}

// resolve makes a relative path relative to dir.
func resolve(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return filepath.Join(dir, path)
}

func (c *checker) imap(n *yaml.Node, dir string) IMAP {
	im := IMAP{TLS: "implicit", Mailbox: DefaultMailbox, Processed: DefaultProcessed, Poll: DefaultPoll}
	f, ok := c.Mapping(n, "imap", "host", "port", "tls", "user", "password_file", "password_env", "mailbox", "processed", "poll")
	if !ok {
		return im
	}
	im.Host, _ = c.Text(c.Need(f, "host", "imap.example.org"), "host")
	im.TLS = c.choice(f.Value("tls"), "tls", tlsModes, im.TLS)
	im.Port = c.port(f.Value("port"), imapPorts[im.TLS])
	im.User, _ = c.Text(c.Need(f, "user", "moderator@example.org"), "user")
	im.PasswordFile, im.PasswordEnv = c.passwordSource(f, dir, true)
	c.notePassword(f, "imap", im.PasswordFile, im.PasswordEnv)
	if s, ok := c.Text(f.Value("mailbox"), "mailbox"); ok {
		im.Mailbox = s
	}
	if s, ok := c.Text(f.Value("processed"), "processed"); ok {
		im.Processed = s
	}
	if im.Processed == im.Mailbox {
		c.Addf(f.Value("processed"), "processed is the same mailbox as mailbox (%s); processed mail must move elsewhere, e.g. processed: %s", im.Mailbox, DefaultProcessed)
	}
	if d, ok := c.Duration(f.Value("poll"), "poll"); ok {
		if d < time.Second {
			c.Addf(f.Value("poll"), "poll %v is too short; poll at most once a second, e.g. poll: 1m", d)
		}
		im.Poll = d
	}
	return im
}

func (c *checker) smtp(n *yaml.Node, dir string) SMTP {
	sm := SMTP{TLS: "starttls"}
	f, ok := c.Mapping(n, "smtp", "host", "port", "tls", "user", "password_file", "password_env", "helo")
	if !ok {
		return sm
	}
	sm.Host, _ = c.Text(c.Need(f, "host", "smtp.example.org"), "host")
	sm.TLS = c.choice(f.Value("tls"), "tls", tlsModes, sm.TLS)
	sm.Port = c.port(f.Value("port"), smtpPorts[sm.TLS])
	sm.User, _ = c.Text(f.Value("user"), "user")
	sm.PasswordFile, sm.PasswordEnv = c.passwordSource(f, dir, sm.User != "")
	if sm.User != "" {
		c.notePassword(f, "smtp", sm.PasswordFile, sm.PasswordEnv)
	}
	if sm.User == "" && (sm.PasswordFile != "" || sm.PasswordEnv != "") {
		c.Addf(f.Node, "smtp has a password but no user; add e.g. user: moderator@example.org")
	}
	sm.HELO, _ = c.Text(f.Value("helo"), "helo")
	return sm
}

// passwordSource reads password_file and password_env, of which at most
// one may be set, and one must be if required.
func (c *checker) passwordSource(f orders.Fields, dir string, required bool) (file, env string) {
	file, _ = c.Text(f.Value("password_file"), "password_file")
	env, _ = c.Text(f.Value("password_env"), "password_env")
	switch {
	case file != "" && env != "":
		c.Addf(f.Value("password_env"), "%s has both password_file and password_env; keep one", f.Where)
	case file == "" && env == "" && required && f.Value("password_file") == nil && f.Value("password_env") == nil &&
		!hasKey(f.Node, "password"):
		c.Addf(f.Node, "%s has no password source; add password_file: /etc/pbemd/%s.pass or password_env: PBEMD_%s_PASSWORD",
			f.Where, f.Where, strings.ToUpper(f.Where))
	}
	if file != "" {
		file = resolve(dir, file)
	}
	return file, env
}

// passwordSource is where the config says a password is kept, and the
// key that says so.
type passwordSource struct {
	what, file, env string
	node            *yaml.Node
}

// notePassword keeps a password source for Test, at password_file or
// password_env; one that names neither has been reported.
func (c *checker) notePassword(f orders.Fields, what, file, env string) {
	node := f.Value("password_file")
	if file == "" {
		node = f.Value("password_env")
	}
	if node != nil && (file != "") != (env != "") {
		c.passwords = append(c.passwords, passwordSource{what: what, file: file, env: env, node: node})
	}
}

// hasKey reports whether the mapping n has the key, known or not.
func hasKey(n *yaml.Node, key string) bool {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return true
		}
	}
	return false
}

// port reads a TCP port, or returns def if n is absent.
func (c *checker) port(n *yaml.Node, def int) int {
	p, ok := c.Int(n, "port", "")
	if !ok {
		return def
	}
	if p < 1 || p > 65535 {
		c.Addf(n, "port %d is not a TCP port; write 1 to 65535, or leave it out for %d", p, def)
	}
	return p
}

// choice reads one of a few words, or returns def if n is absent.
func (c *checker) choice(n *yaml.Node, what string, choices []string, def string) string {
	s, ok := c.Text(n, what)
	if !ok {
		return def
	}
	if !slices.Contains(choices, s) {
		c.Addf(n, "%s %s is not allowed: write %s%s", what, orders.Quote(s), orders.OneOf(choices), c.Suggestion(s, choices))
		return def
	}
	return s
}

func (c *checker) log(n *yaml.Node) Log {
	lg := Log{Level: "info"}
	f, ok := c.Mapping(n, "log", "format", "level")
	if !ok {
		return lg
	}
	lg.Format = c.choice(f.Value("format"), "format", logFormats, lg.Format)
	lg.Level = c.choice(f.Value("level"), "level", logLevels, lg.Level)
	return lg
}

func (c *checker) limits(n *yaml.Node) Limits {
	lim := Limits{MaxMessageBytes: DefaultMaxMessageBytes, MaxAttachmentBytes: DefaultMaxAttachmentBytes,
		SenderMailsPerHour: DefaultSenderMailsPerHour, UnauthenticatedMailsPerHour: DefaultUnauthenticatedPerHour,
		IgnoredMailsPerHour: DefaultIgnoredPerHour}
	f, ok := c.Mapping(n, "limits", "max_message_bytes", "max_attachment_bytes", "sender_mails_per_hour",
		"unauthenticated_mails_per_hour", "ignored_mails_per_hour")
	if !ok {
		return lim
	}
	for _, l := range []struct {
		key string
		v   *int64
	}{{"max_message_bytes", &lim.MaxMessageBytes}, {"max_attachment_bytes", &lim.MaxAttachmentBytes},
		{"sender_mails_per_hour", &lim.SenderMailsPerHour}, {"unauthenticated_mails_per_hour", &lim.UnauthenticatedMailsPerHour},
		{"ignored_mails_per_hour", &lim.IgnoredMailsPerHour}} {
		v, ok := c.Int(f.Value(l.key), l.key, "")
		switch {
		case !ok:
		case v <= 0:
			c.Addf(f.Value(l.key), "%s %d must be more than 0, e.g. %d", l.key, v, *l.v)
		default:
			*l.v = int64(v)
		}
	}
	if lim.MaxAttachmentBytes > lim.MaxMessageBytes {
		c.Addf(f.Node, "max_attachment_bytes %d is more than max_message_bytes %d; an attachment is part of a message", lim.MaxAttachmentBytes, lim.MaxMessageBytes)
	}
	return lim
}

func (c *checker) retention(n *yaml.Node) Retention {
	r := Retention{Mail: DefaultMailRetention}
	f, ok := c.Mapping(n, "retention", "mail")
	if !ok {
		return r
	}
	d, ok := c.days(f.Value("mail"), "mail")
	switch {
	case !ok:
	case d < MinMailRetention:
		c.Addf(f.Value("mail"), "mail %s is too short; keep mail at least a day (1d), so a disputed answer can still be looked into, e.g. mail: 90d", f.Value("mail").Value)
	default:
		r.Mail = d
	}
	return r
}

func (c *checker) cache(n *yaml.Node) Cache {
	cache := Cache{Turns: DefaultTurnCache}
	f, ok := c.Mapping(n, "cache", "turns")
	if !ok {
		return cache
	}
	if v := f.Value("turns"); v != nil {
		n, ok := c.Int(v, "turns", "turns: 256")
		switch {
		case !ok:
		case n < 1:
			c.Addf(v, "turns %d must be at least 1, e.g. turns: %d", n, DefaultTurnCache)
		default:
			cache.Turns = n
		}
	}
	return cache
}

func (c *checker) metrics(n *yaml.Node) Metrics {
	var mt Metrics
	f, ok := c.Mapping(n, "metrics", "listen")
	if !ok {
		return mt
	}
	addr, ok := c.Text(f.Value("listen"), "listen")
	if !ok {
		return mt
	}
	_, port, err := net.SplitHostPort(addr)
	if p, perr := strconv.Atoi(port); err != nil || perr != nil || p < 0 || p > 65535 {
		c.Addf(f.Value("listen"), "listen %s is not a host and port; write e.g. listen: 127.0.0.1:9464", orders.Quote(addr))
		return mt
	}
	mt.Listen = addr
	return mt
}

func (c *checker) web(n *yaml.Node, dir, data string) Web {
	var w Web
	f, ok := c.Mapping(n, "web", "listen", "base_url", "key_file")
	if !ok {
		return w
	}
	listen := c.Need(f, "listen", "127.0.0.1:8080")
	if addr, ok := c.Text(listen, "listen"); ok {
		_, port, err := net.SplitHostPort(addr)
		if p, perr := strconv.Atoi(port); err != nil || perr != nil || p < 0 || p > 65535 {
			c.Addf(listen, "listen %s is not a host and port; write e.g. listen: 127.0.0.1:8080, behind your TLS proxy", orders.Quote(addr))
		} else {
			w.Listen = addr
		}
	}
	base := c.Need(f, "base_url", "https://pbem.example.org")
	if raw, ok := c.Text(base, "base_url"); ok {
		u, err := url.Parse(raw)
		switch {
		case err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || u.RawQuery != "" || u.Fragment != "":
			c.Addf(base, "base_url %s is not the address players open; write e.g. base_url: https://pbem.example.org", orders.Quote(raw))
		case strings.Trim(u.Path, "/") != "":
			c.Addf(base, "base_url %s has a path, but pages are served from the root: give the proxy a host of its own, e.g. base_url: https://pbem.example.org", orders.Quote(raw))
		default:
			w.BaseURL = strings.TrimSuffix(raw, "/")
		}
	}
	w.KeyFile = data + ".webkey"
	if key, ok := c.Text(f.Value("key_file"), "key_file"); ok {
		w.KeyFile = resolve(dir, key)
	}
	return w
}

func (c *checker) auth(n *yaml.Node) Auth {
	var a Auth
	f, ok := c.Mapping(n, "auth", "authserv_id", "dkim_verify", "dns")
	if !ok {
		return a
	}
	if id, ok := c.Text(f.Value("authserv_id"), "authserv_id"); ok {
		if strings.ContainsAny(id, " \t;") {
			c.Addf(f.Value("authserv_id"), "authserv_id %s is not a host name; write the name your mail server puts first in its Authentication-Results fields, e.g. authserv_id: mx.example.org", orders.Quote(id))
		}
		a.AuthServID = id
	}
	a.DKIMVerify, _ = c.Bool(f.Value("dkim_verify"), "dkim_verify")
	if dns, ok := c.Text(f.Value("dns"), "dns"); ok {
		host, port, err := net.SplitHostPort(dns)
		if p, perr := strconv.Atoi(port); err != nil || host == "" || perr != nil || p < 1 || p > 65535 {
			c.Addf(f.Value("dns"), "dns %s is not host:port; write e.g. dns: 127.0.0.1:53, or leave it out for the system's resolver", orders.Quote(dns))
		}
		if !a.DKIMVerify {
			c.Addf(f.Value("dns"), "dns is only asked for DKIM keys; add dkim_verify: true, or leave dns out")
		}
		a.DNS = dns
	}
	return a
}

// Password returns the IMAP password, read from PasswordFile or the
// environment variable PasswordEnv.
func (i IMAP) Password() (string, error) { return password("imap", i.PasswordFile, i.PasswordEnv) }

// Password returns the SMTP password, read from PasswordFile or the
// environment variable PasswordEnv; empty when no User is set, for a relay
// that needs no login.
func (s SMTP) Password() (string, error) {
	if s.User == "" {
		return "", nil
	}
	return password("smtp", s.PasswordFile, s.PasswordEnv)
}

// maxPasswordBytes bounds a password file.
const maxPasswordBytes = 4 << 10

func password(what, file, env string) (string, error) {
	switch {
	case file != "":
		data, err := readLimited(file, maxPasswordBytes)
		if err != nil {
			return "", fmt.Errorf("read %s password: %w", what, err)
		}
		if len(data) > maxPasswordBytes {
			return "", fmt.Errorf("read %s password: %s is larger than %d bytes", what, file, maxPasswordBytes)
		}
		pw := strings.TrimRight(string(data), "\r\n")
		if pw == "" {
			return "", fmt.Errorf("read %s password: %s is empty", what, file)
		}
		return pw, nil
	case env != "":
		pw := os.Getenv(env)
		if pw == "" {
			return "", fmt.Errorf("read %s password: environment variable %s is not set", what, env)
		}
		return pw, nil
	}
	return "", fmt.Errorf("read %s password: no password_file or password_env configured", what)
}

//go:embed example.yaml
var example []byte

// Example returns a documented example config, which Parse accepts.
func Example() []byte { return slices.Clone(example) }
