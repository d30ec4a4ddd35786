package orders

import (
	"fmt"

	"github.com/pbemd/pbemd/internal/yamldoc"
)

// MaxSize is the largest orders text Parse reads, in bytes. Real orders are
// a few hundred bytes; a quoted mail thread or a pasted report is not orders.
const MaxSize = 64 << 10

// MaxOrders is the most orders one submission may hold, and the most
// items any list in a mail may have. A turn allows a player a handful of
// orders, so even a large navy sends a few dozen; more is a mistake or an
// attack, and the list is refused without being read.
const MaxOrders = 200

// MaxDepth is the deepest nesting Parse accepts. Orders nest six levels
// (header, orders, item, kind, path, system).
const MaxDepth = 12

// minimalExample is the hint for a mail with no orders in it.
const minimalExample = "send for example: campaign: frontier, player: vorn, turn: 3, token: <from your welcome mail>, " +
	"each on its own line, then orders: and one line per order such as " +
	"\"  - move: {fleet: 1st, path: [kessel, vega]}\""

// Parse reads one mail's orders: a YAML mapping with the header keys
// campaign, player, turn, token, final, orders and prefs. The order list
// and the preferences are read with the kinds of the campaign the mail
// names, which kinds finds.
//
// Every mistake the player made is reported in the error, which is then
// always Problems. With problems, Parse still returns what it could read of
// the submission when the text was a YAML mapping (so the moderator can see
// who sent it), and nil otherwise. A mail holds one YAML document: a
// second one, or text after a "..." line, is a problem at the line of its
// marker, and only the first document is read.
func Parse(src []byte, kinds KindsOf) (*Submission, error) {
	if len(src) > MaxSize {
		return nil, Problems{{
			Msg:  fmt.Sprintf("the orders are %d bytes long; the limit is %d", len(src), MaxSize),
			Hint: "send only the orders, without quoted mail, reports or attachments",
		}}
	}
	p := &parser{Collector: &Collector{}, kinds: kinds}
	top, extra, ok := p.Document(src, MaxDepth)
	if extra.Line > 0 {
		p.extraDocument(extra)
	}
	if ok && top == nil {
		p.Add(Pos{Line: 1, Col: 1}, "", "no orders found", minimalExample)
	}
	if top == nil {
		return nil, p.Err()
	}
	sub := p.submission(top)
	return sub, p.Err()
}

// parser reads the orders from a checked YAML node tree and collects
// problems.
type parser struct {
	*Collector
	kinds KindsOf
}

// extraDocument records the problem with a text that holds more than one
// YAML document: the moderator reads one set of orders per mail.
func (p *parser) extraDocument(e yamldoc.Extra) {
	at := Pos{Line: e.Line, Col: 1}
	if e.Marker == "..." {
		p.Add(at, "", `the orders end here with "...", but more text follows; only one YAML document is read, one set of orders per mail`,
			`remove the "..." line or the text after it, and send other orders in a mail of their own`)
		return
	}
	p.Add(at, "", `a second YAML document starts here with "---"; only one document is read, one set of orders per mail`,
		`send each set of orders in a mail of its own; if the line only separates the orders from other text, remove it and the text after it`)
}
