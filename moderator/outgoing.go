package moderator

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"github.com/pbemd/pbemd/mail"
	"github.com/pbemd/pbemd/store"
)

// outgoing is a mail to queue: its message and what it is for.
type outgoing struct {
	msg      mail.Message
	campaign string
	purpose  string
}

// newMail starts a message from the moderator to one address.
func (m *Moderation) newMail(to, subject, text, messageID string) mail.Message {
	return mail.Message{
		From:      mail.Address{Name: "pbemd", Email: m.address},
		To:        []mail.Address{{Email: to}},
		Subject:   subject,
		MessageID: messageID,
		Date:      m.clock.Now().UTC(),
		Text:      text,
	}
}

// reply starts an answer to an incoming message, threaded under it and
// marked as an automatic reply (RFC 3834), so that well-behaved responders
// do not answer it in turn.
func (m *Moderation) reply(in *mail.Inbound, subject, text string) mail.Message {
	msg := m.newMail(in.From, subject, text, m.replyID(in.MessageID))
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

// compose turns messages into outbox mails, several at once (a turn's
// report mails take a few milliseconds each). It runs outside any
// transaction. Only a welcome carries a token: in any other mail, text
// that has a token's shape is masked, whatever a player or the GM wrote
// (a message relayed to a player, a reason passed on to the GM).
func compose(mails []outgoing) ([]*store.Mail, error) {
	out := make([]*store.Mail, len(mails))
	err := eachIndex(len(mails), func(i int) error {
		o := mails[i]
		if o.purpose != "welcome" && o.purpose != "token" { // the mails that carry a token
			o.msg.Subject, o.msg.Text = maskString(o.msg.Subject), maskString(o.msg.Text)
		}
		raw, err := mail.Compose(o.msg)
		if err != nil {
			return fmt.Errorf("compose %s mail to %v: %w", o.purpose, o.msg.To, err)
		}
		to := make([]string, len(o.msg.To))
		for k, a := range o.msg.To {
			to[k] = a.Email
		}
		out[i] = &store.Mail{
			MessageID: o.msg.MessageID, From: o.msg.From.Email, To: to, Raw: raw,
			Campaign: o.campaign, Purpose: o.purpose, Queued: o.msg.Date,
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// enqueue puts composed mails in the outbox within tx.
func enqueue(tx *store.Tx, mails []*store.Mail) error {
	for _, ml := range mails {
		if err := tx.Enqueue(ml); err != nil {
			return err
		}
	}
	return nil
}
