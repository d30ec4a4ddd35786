package config

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/orders"
)

func TestParse_example(t *testing.T) {
	cfg, err := Parse("/etc/pbemd/pbemd.yaml", Example())
	if err != nil {
		t.Fatalf("Parse(Example()) = %v", err)
	}
	want := Config{
		Data:    "/var/lib/pbemd/pbemd.db",
		Address: "moderator@example.org",
		IMAP: IMAP{Host: "imap.example.org", Port: 993, TLS: "implicit", User: "moderator@example.org",
			PasswordFile: "/etc/pbemd/imap.pass", Mailbox: "INBOX", Processed: "pbemd/processed", Poll: time.Minute},
		SMTP: SMTP{Host: "smtp.example.org", Port: 587, TLS: "starttls", User: "moderator@example.org",
			PasswordFile: "/etc/pbemd/smtp.pass"},
		Log:       Log{Level: "info"},
		Limits:    Limits{MaxMessageBytes: 10 << 20, MaxAttachmentBytes: 256 << 10, SenderMailsPerHour: 30, UnauthenticatedMailsPerHour: 5, IgnoredMailsPerHour: 200},
		Retention: Retention{Mail: 90 * 24 * time.Hour},
		Auth:      Auth{AuthServID: "mx.example.org"},
		Cache:     Cache{Turns: 256},
	}
	if *cfg != want {
		t.Errorf("Parse(Example()) =\n%+v\nwant\n%+v", *cfg, want)
	}
	e := Example()
	e[0] = 'X'
	if Example()[0] == 'X' {
		t.Error("Example returns a shared slice, which a caller can change")
	}
}

func TestParse_defaults(t *testing.T) {
	const base = "data: pbemd.db\naddress: Moderator@Example.ORG\n"
	tests := []struct {
		name string
		in   string
		want func(c *Config) bool
	}{
		{"imap and smtp defaults", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\n", func(c *Config) bool {
			return c.IMAP.Port == 993 && c.IMAP.TLS == "implicit" && c.IMAP.Mailbox == "INBOX" &&
				c.IMAP.Processed == "pbemd/processed" && c.IMAP.Poll == time.Minute &&
				c.SMTP.Port == 587 && c.SMTP.TLS == "starttls" && c.SMTP.User == "" &&
				c.Log == Log{Level: "info"} &&
				c.Limits == Limits{MaxMessageBytes: 10 << 20, MaxAttachmentBytes: 256 << 10, SenderMailsPerHour: 30, UnauthenticatedMailsPerHour: 5, IgnoredMailsPerHour: 200} &&
				c.Retention == Retention{Mail: 90 * 24 * time.Hour} &&
				c.Metrics.Listen == ""
		}},
		{"no auth: no server trusted, no DKIM check", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\n", func(c *Config) bool {
			return c.Auth == Auth{}
		}},
		{"auth with pbemd's own DKIM check", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\nauth: {dkim_verify: true, dns: \"[::1]:5353\"}\n", func(c *Config) bool {
			return c.Auth == Auth{DKIMVerify: true, DNS: "[::1]:5353"}
		}},
		{"retention in days", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\nretention: {mail: 30d}\n", func(c *Config) bool {
			return c.Retention == Retention{Mail: 30 * 24 * time.Hour}
		}},
		{"retention in hours", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\nretention: {mail: 36h}\n", func(c *Config) bool {
			return c.Retention == Retention{Mail: 36 * time.Hour}
		}},
		{"turn cache by default", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\n", func(c *Config) bool {
			return c.Cache == Cache{Turns: DefaultTurnCache}
		}},
		{"turn cache set", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\ncache: {turns: 40}\n", func(c *Config) bool {
			return c.Cache == Cache{Turns: 40}
		}},
		{"address lower-cased, data resolved", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\n", func(c *Config) bool {
			return c.Address == "moderator@example.org" && c.Data == filepath.Join("etc", "pbemd.db")
		}},
		{"ports follow tls", "imap: {host: i, user: u, password_env: P, tls: starttls}\nsmtp: {host: s, tls: implicit}\n", func(c *Config) bool {
			return c.IMAP.Port == 143 && c.SMTP.Port == 465
		}},
		{"no tls", "imap: {host: i, user: u, password_env: P, tls: none}\nsmtp: {host: s, tls: none}\n", func(c *Config) bool {
			return c.IMAP.Port == 143 && c.SMTP.Port == 25
		}},
		{"explicit values win", "imap: {host: i, user: u, password_env: P, port: 1993, poll: 30s}\nsmtp: {host: s, port: 2525, user: u, password_env: Q, helo: me}\nlog: {format: json, level: debug}\nlimits: {max_message_bytes: 2000, max_attachment_bytes: 1000, unauthenticated_mails_per_hour: 2}\n", func(c *Config) bool {
			return c.IMAP.Port == 1993 && c.IMAP.Poll == 30*time.Second && c.SMTP.Port == 2525 &&
				c.SMTP.PasswordEnv == "Q" && c.SMTP.HELO == "me" && c.Log == Log{Format: "json", Level: "debug"} &&
				c.Limits == Limits{MaxMessageBytes: 2000, MaxAttachmentBytes: 1000, SenderMailsPerHour: 30, UnauthenticatedMailsPerHour: 2, IgnoredMailsPerHour: 200}
		}},
		{"metrics on", "imap: {host: i, user: u, password_env: P}\nsmtp: {host: s}\nmetrics: {listen: '127.0.0.1:9464'}\n", func(c *Config) bool {
			return c.Metrics.Listen == "127.0.0.1:9464"
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := Parse(filepath.Join("etc", "pbemd.yaml"), []byte(base+tc.in))
			if err != nil {
				t.Fatalf("Parse = %v", err)
			}
			if !tc.want(cfg) {
				t.Errorf("Parse(%q) = %+v", tc.in, *cfg)
			}
		})
	}
}

// TestParse_bad checks config problems against their golden files.
func TestParse_bad(t *testing.T) {
	goldenCases(t, "testdata/config/bad", func(path string) error {
		_, err := Load(path)
		return err
	})
}

func TestLoad_relativePaths(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pbemd.yaml")
	writeFile(t, path, "data: pbemd.db\naddress: m@example.org\nimap: {host: i, user: u, password_file: secret/imap.pass}\nsmtp: {host: s, user: u, password_file: /abs/smtp.pass}\n")
	writeFile(t, filepath.Join(dir, "secret", "imap.pass"), "s3cret\n")
	cfg, err := Load(path)
	if err != nil {
		t.Fatalf("Load = %v", err)
	}
	if want := filepath.Join(dir, "pbemd.db"); cfg.Data != want {
		t.Errorf("Data = %q, want %q", cfg.Data, want)
	}
	if cfg.SMTP.PasswordFile != "/abs/smtp.pass" {
		t.Errorf("SMTP.PasswordFile = %q, want it unchanged", cfg.SMTP.PasswordFile)
	}
	if pw, err := cfg.IMAP.Password(); pw != "s3cret" || err != nil {
		t.Errorf("IMAP.Password() = %q, %v; want s3cret", pw, err)
	}
}

func TestLoad_ioError(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "missing.yaml"))
	var probs orders.Problems
	if !errors.Is(err, fs.ErrNotExist) || errors.As(err, &probs) {
		t.Errorf("Load(missing) = %v, want a wrapped fs.ErrNotExist, not Problems", err)
	}
}

func TestPassword(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "crlf"), "pass word\r\n")
	writeFile(t, filepath.Join(dir, "bare"), "hunter2")
	writeFile(t, filepath.Join(dir, "empty"), "\n")
	writeFile(t, filepath.Join(dir, "huge"), strings.Repeat("x", maxPasswordBytes+1))
	t.Setenv("PBEMD_TEST_PASSWORD", "from-env")
	t.Setenv("PBEMD_TEST_EMPTY", "")
	tests := []struct {
		name      string
		file, env string
		want      string
		wantErr   string
	}{
		{"file, trailing newline dropped", filepath.Join(dir, "crlf"), "", "pass word", ""},
		{"file without newline", filepath.Join(dir, "bare"), "", "hunter2", ""},
		{"env", "", "PBEMD_TEST_PASSWORD", "from-env", ""},
		{"empty file", filepath.Join(dir, "empty"), "", "", "is empty"},
		{"huge file", filepath.Join(dir, "huge"), "", "", "larger than"},
		{"missing file", filepath.Join(dir, "nope"), "", "", "no such file"},
		{"unset env", "", "PBEMD_TEST_UNSET", "", "PBEMD_TEST_UNSET is not set"},
		{"empty env", "", "PBEMD_TEST_EMPTY", "", "is not set"},
		{"no source", "", "", "", "no password_file or password_env"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, get := range []func() (string, error){
				IMAP{PasswordFile: tc.file, PasswordEnv: tc.env}.Password,
				SMTP{User: "moderator", PasswordFile: tc.file, PasswordEnv: tc.env}.Password,
			} {
				got, err := get()
				if got != tc.want || (err == nil) != (tc.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tc.wantErr)) {
					t.Errorf("Password() = %q, %v; want %q, error containing %q", got, err, tc.want, tc.wantErr)
				}
			}
		})
	}
}

func TestSMTPWithoutLoginNeedsNoPassword(t *testing.T) {
	if got, err := (SMTP{}).Password(); got != "" || err != nil {
		t.Errorf("SMTP{}.Password() = %q, %v; want no password and no error for a relay without login", got, err)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}
