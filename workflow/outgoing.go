package workflow

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/store"
)

// Outgoing is a mail to queue: its message and what it is for.
type Outgoing struct {
	Msg      mail.Message
	Campaign string
	Purpose  string
}

// NewMail starts a message from the moderator to one address.
func (m *Moderation) NewMail(to, subject, text, messageID string) mail.Message {
	return mail.Message{
		From:      mail.Address{Name: "pbemd", Email: m.address},
		To:        []mail.Address{{Email: to}},
		Subject:   subject,
		MessageID: messageID,
		Date:      m.clock.Now().UTC(),
		Text:      text,
	}
}

// Reply starts an answer to an incoming message, threaded under it and
// marked as an automatic Reply (RFC 3834), so that well-behaved responders
// do not answer it in turn.
func (m *Moderation) Reply(in *mail.Inbound, subject, text string) mail.Message {
	msg := m.NewMail(in.From, subject, text, m.replyID(in.MessageID))
	msg.InReplyTo = in.MessageID
	msg.References = append(append([]string(nil), in.References...), in.MessageID)
	msg.AutoSubmitted = "auto-replied"
	return msg
}

// replyID derives the Message-ID of the answer to a message, so that
// answering the same message twice yields the same ID.
func (m *Moderation) replyID(incoming string) string {
	sum := sha256.Sum256([]byte(incoming))
	return fmt.Sprintf("reply-%s@%s", hex.EncodeToString(sum[:12]), m.domain)
}

// Compose turns messages into outbox mails, several at once (a turn's
// report mails take a few milliseconds each). It runs outside any
// transaction. Only a welcome carries a token: in any other mail, text
// that has a token's shape is masked, whatever a player or the GM wrote
// (a message relayed to a player, a reason passed on to the GM).
func Compose(mails []Outgoing) ([]*store.Mail, error) {
	out := make([]*store.Mail, len(mails))
	err := EachIndex(len(mails), func(i int) error {
		o := mails[i]
		if o.Purpose != "welcome" && o.Purpose != "token" { // the mails that carry a token
			o.Msg.Subject, o.Msg.Text = MaskString(o.Msg.Subject), MaskString(o.Msg.Text)
		}
		raw, err := mail.Compose(o.Msg)
		if err != nil {
			return fmt.Errorf("compose %s mail to %v: %w", o.Purpose, o.Msg.To, err)
		}
		to := make([]string, len(o.Msg.To))
		for k, a := range o.Msg.To {
			to[k] = a.Email
		}
		out[i] = &store.Mail{
			MessageID: o.Msg.MessageID, From: o.Msg.From.Email, To: to, Raw: raw,
			Campaign: o.Campaign, Purpose: o.Purpose, Queued: o.Msg.Date,
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Enqueue puts composed mails in the outbox within tx.
func Enqueue(tx *store.Tx, mails []*store.Mail) error {
	for _, ml := range mails {
		if err := tx.Enqueue(ml); err != nil {
			return err
		}
	}
	return nil
}
