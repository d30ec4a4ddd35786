package report

import (
	"fmt"

	"github.com/pbemd/pbemd/campaign"
)

// ForgedNotice tells a player or a GM that mail forged in a name arrives:
// how many, and when, never what they said.
type ForgedNotice struct {
	Title    string
	Campaign campaign.ID
	// Address is the forged From address, and Player the seat it plays;
	// Player is empty when it is the GM's address.
	Address string
	Player  campaign.PlayerID
	// ToGM is set for the GM's copy of a notice about a player.
	ToGM bool
	// Count is how many forged mails arrived since the last notice; First
	// and Latest are when the first and latest of them did, written for
	// the reader.
	Count         int
	First, Latest string
	// Check is what found the latest forged, e.g. "dmarc=fail by
	// mx.example.org".
	Check string
}

// RenderForgedNotice renders a notice of forged mail.
func RenderForgedNotice(n *ForgedNotice) (subject, text string) {
	whose := "your"
	if n.ToGM {
		whose = string(n.Player) + "'s"
	}
	return fmt.Sprintf("[%s] Mail forged in %s name", n.Campaign, whose), WrapLines(render("forged.tmpl", struct {
		*ForgedNotice
		Whose string
	}{n, whose}))
}
