package realmail

import (
	"context"
	"fmt"
	"strings"

	"github.com/emersion/go-imap/v2/imapclient"

	"github.com/pbemd/pbemd/mail/localmail"
)

// Message is a mail as a mailbox holds it.
type Message = localmail.Stored

// Messages returns every message in a user's mailbox, in UID order, read
// over IMAP as the user without changing any flag. The mailbox name has
// "/" between levels, as pbemd's config does, whatever the delimiter of
// the server ("." for Dovecot's Maildir++): "pbemd/processed".
func (s *System) Messages(ctx context.Context, user, mailbox string) ([]Message, error) {
	var out []Message
	err := s.withClient(ctx, user, func(c *imapclient.Client) error {
		name, err := serverName(c, mailbox)
		if err != nil {
			return err
		}
		out, err = localmail.ReadMailbox(c, name)
		if err != nil {
			return fmt.Errorf("realmail: %s of %s: %w", name, user, err)
		}
		return nil
	})
	return out, err
}

// serverName turns "/" in a mailbox name into the server's hierarchy
// delimiter (RFC 9051 §6.3.9: LIST "" "" returns it).
func serverName(c *imapclient.Client, mailbox string) (string, error) {
	root, err := c.List("", "", nil).Collect()
	if err != nil {
		return "", fmt.Errorf("realmail: list hierarchy delimiter: %w", err)
	}
	if len(root) > 0 && root[0].Delim != 0 && root[0].Delim != '/' {
		return strings.ReplaceAll(mailbox, "/", string(root[0].Delim)), nil
	}
	return mailbox, nil
}

// withClient logs in over IMAP as user with the password AddUser gave,
// runs f, and logs out. The connection is closed early if ctx ends.
func (s *System) withClient(ctx context.Context, user string, f func(*imapclient.Client) error) error {
	password := s.password(user)
	if password == "" {
		return fmt.Errorf("realmail: no user %s: add it with AddUser", user)
	}
	if err := localmail.WithIMAP(ctx, s.IMAPAddr(), user, password, f); err != nil {
		return fmt.Errorf("realmail: %w", err)
	}
	return nil
}
