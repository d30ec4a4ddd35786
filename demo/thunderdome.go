package demo

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// thunderdomeScript plays a Thunderdome IV seat: on the player's own turn
// it sends two mails, as a player may (UTD6.121). The first moves fleet f1
// a lane, to a sector without enemy fleets or developments, and explores
// it if it is unknown; the second ends the turn with final: true. If the
// first is refused (the fleet is stopped or trapped), the second still
// ends the turn.
func thunderdomeScript(b *bot, raw json.RawMessage) (int, []string) {
	var v thunderdome.View
	if json.Unmarshal(raw, &v) != nil || v.Winner != "" || v.Current != b.seat.Player {
		return 0, nil
	}
	head := fmt.Sprintf("campaign: %s\nplayer: %s\nturn: %d\ntoken: %s\n", b.campaign, b.seat.Player, v.Turn, b.seat.Token)
	first := head + "orders:\n"
	if o := tdMove(&v, b.seat.Player); o != "" {
		first += o
	} else {
		first += "  []\n"
	}
	return v.Turn, []string{first, head + "final: true\norders: []\n"}
}

// tdMove writes the orders that move the player's fleet f1 one lane to a
// sector no other player holds anything in, chosen by the turn, and
// explore it if unknown; "" when it has nowhere to go.
func tdMove(v *thunderdome.View, p campaign.PlayerID) string {
	i := slices.IndexFunc(v.Fleets, func(f campaign.Fleet) bool { return f.Owner == p && f.ID == "f1" })
	if i < 0 {
		return ""
	}
	f := v.Fleets[i]
	m := campaign.Map{Systems: v.Systems, Lanes: v.Lanes}
	var safe []campaign.SystemID
	for _, to := range campaign.NewGraph(m).Neighbours(f.At) {
		if !slices.ContainsFunc(v.Fleets, func(g campaign.Fleet) bool { return g.At == to && g.Owner != p }) &&
			!slices.ContainsFunc(v.Sectors, func(s thunderdome.SectorView) bool { return s.ID == to && len(s.Developments) > 0 && s.Owner != p }) {
			safe = append(safe, to)
		}
	}
	if len(safe) == 0 {
		return ""
	}
	to := safe[v.Turn%len(safe)]
	var s strings.Builder
	fmt.Fprintf(&s, "  - move: {fleet: %s, to: %s}\n", f.ID, to)
	if j := slices.IndexFunc(v.Sectors, func(s thunderdome.SectorView) bool { return s.ID == to }); j >= 0 && v.Sectors[j].Type == thunderdome.Unknown {
		fmt.Fprintf(&s, "  - explore: {sector: %s}\n", to)
	}
	return s.String()
}
