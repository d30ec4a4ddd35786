package localmail

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// maxMessageBytes bounds one SMTP message.
const maxMessageBytes = 32 << 20

var (
	errNoSuchUser  = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user here"}
	errNoRecipient = &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 5, 1}, Message: "no valid recipients"}
)

func newSMTPServer(w *World) *smtp.Server {
	s := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &smtpSession{w: w}, nil
	}))
	s.Domain = "localhost"
	s.AllowInsecureAuth = true
	s.MaxMessageBytes = maxMessageBytes
	s.MaxRecipients = 100
	s.ReadTimeout, s.WriteTimeout = time.Minute, time.Minute
	s.ErrorLog = printfLogger{w.log.With("server", "smtp"), slog.LevelWarn}
	return s
}

// smtpSession delivers one SMTP transaction at a time into local INBOXes.
type smtpSession struct {
	w    *World
	from string
	to   []*account
}

var _ smtp.AuthSession = (*smtpSession)(nil)

// AuthMechanisms offers PLAIN, for any registered user.
func (s *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }

// Auth checks a PLAIN login against the users of the World.
func (s *smtpSession) Auth(mech string) (sasl.Server, error) {
	if mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(_, username, password string) error {
		if _, ok := s.w.login(username, password); !ok {
			return smtp.ErrAuthFailed
		}
		return nil
	}), nil
}

// Mail accepts any reverse path, the null one included.
func (s *smtpSession) Mail(from string, _ *smtp.MailOptions) error {
	s.from = from
	return nil
}

// Rcpt accepts only local users of the World's domain, with or without a
// sub-address: user+detail@domain is delivered to user, as Postfix's
// recipient_delimiter and Dovecot's do, and as pbemd's reply addresses
// (moderator+token@domain) need.
func (s *smtpSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	acc := s.w.account(withoutDetail(to))
	if acc == nil {
		return errNoSuchUser
	}
	for _, a := range s.to {
		if a == acc {
			return nil
		}
	}
	s.to = append(s.to, acc)
	return nil
}

// Data appends the message, with a Return-Path as a delivering MTA would
// add, to the INBOX of every recipient; or fails as FailNextData asked.
func (s *smtpSession) Data(r io.Reader) error {
	if err := s.w.takeFailure(); err != nil {
		_, _ = io.Copy(io.Discard, r)
		return err
	}
	if len(s.to) == 0 {
		return errNoRecipient
	}
	body, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("localmail: read data: %w", err)
	}
	raw := append([]byte("Return-Path: <"+s.from+">\r\n"), body...)
	defer s.w.touch() // a recipient served before a failure has new mail too
	for _, acc := range s.to {
		opts := &imap.AppendOptions{Time: s.w.now()}
		if _, err := acc.mem.Append("INBOX", bytes.NewReader(raw), opts); err != nil {
			return fmt.Errorf("localmail: deliver to %s: %w", acc.local, err)
		}
	}
	return nil
}

// Reset forgets the current transaction.
func (s *smtpSession) Reset() {
	s.from, s.to = "", nil
}

// Logout ends the session.
func (s *smtpSession) Logout() error { return nil }

// withoutDetail drops the sub-address, "+" and what follows up to the "@",
// from an address's local part.
func withoutDetail(addr string) string {
	local, domain, found := strings.Cut(addr, "@")
	if user, _, plus := strings.Cut(local, "+"); plus && user != "" {
		local = user
	}
	if !found {
		return local
	}
	return local + "@" + domain
}
