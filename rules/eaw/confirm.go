package eaw

import (
	"fmt"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
	"github.com/pbemd/pbemd/report"
)

// CostSummary writes what costed orders spend and leave (EaW 5.0, 6.0),
// and where the player's fleets end the turn if nothing stops them.
func CostSummary(costed *Costed) string {
	return render("costs.tmpl", costed)
}

// EchoOrders writes a submission back as YAML a player could send again,
// each order with its cost as a comment and the token redacted. The
// submission is one Validate read: EaW's kinds made its orders and prefs.
func EchoOrders(sub *orders.Submission, costed *Costed) string {
	list, prefs, _ := content(sub)
	var b strings.Builder
	fmt.Fprintf(&b, "campaign: %s\nplayer: %s\nturn: %d\ntoken: REDACTED   # never echoed; use the one from your welcome mail\nfinal: %t\n",
		sub.Campaign, sub.Player, sub.Turn, sub.Final)
	if len(list) == 0 {
		b.WriteString("orders: []\n")
	} else {
		b.WriteString("orders:\n")
	}
	for i, o := range list {
		var co CostedOrder
		if costed != nil && i < len(costed.Orders) {
			co = costed.Orders[i]
		}
		line := "  - " + o.YAML()
		fmt.Fprintf(&b, "%s   # %s\n", line, costText(co))
	}
	if prefs != (Prefs{}) {
		b.WriteString("prefs:\n")
	}
	if prefs.ExploreBonus != "" {
		fmt.Fprintf(&b, "  explore_bonus: %s\n", prefs.ExploreBonus)
	}
	if prefs.ExplorePlanet != "" {
		fmt.Fprintf(&b, "  explore_planet: %s\n", prefs.ExplorePlanet)
	}
	return b.String()
}

func costText(co CostedOrder) string {
	s := report.Plural(co.Points, "point", "points")
	if co.BPV > 0 {
		s += fmt.Sprintf(", %d BPV", co.BPV)
	}
	if len(co.Notes) > 0 {
		s += "; " + strings.Join(co.Notes, "; ")
	}
	return s
}

func joinIDs[T ~string](ids []T) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = string(id)
	}
	return strings.Join(parts, ", ")
}

// WelcomeOrders writes the example orders of an EaW welcome mail: the
// player's first move, if any, and a develop and a build to copy, each
// with its cost under the campaign's rules.
func WelcomeOrders(firstMove string, r campaign.Rules) string {
	return render("welcome-orders.tmpl", struct {
		FirstMove string
		Rules     campaign.Rules
	}{firstMove, r})
}
