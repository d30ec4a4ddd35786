package workflow

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/store"
)

// gmBroadcast mails the GM's words to every player still in the campaign
// (command: broadcast).
func (m *Moderation) gmBroadcast(r *request, c *store.Campaign, audit store.AuditEntry) (Decision, error) {
	cmd := r.Sub.Command
	body := strings.TrimSpace(strings.TrimSpace(cmd.Args) + "\n" + cmd.Text)
	if body == "" {
		return r.refuse(report.EmptyBroadcast{})
	}
	mails := m.tellPlayers(c, r.In.MessageID, "broadcast", "", func(*store.Seat) report.Text { return report.Broadcast{Text: body} })
	audit.Detail = fmt.Sprintf("%d players", len(mails))
	return r.done("broadcast", m.answer(r, report.BroadcastAnswer{Players: len(mails)}), Decision{Mails: mails, Apply: putCampaign(c, c.Turn, audit)})
}
