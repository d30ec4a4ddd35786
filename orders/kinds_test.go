package orders

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
)

// wordKinds is the smallest ruleset's order language, for the kit's
// tests: an order is one word, and the preferences map words to words.
type wordKinds struct{ prefix string }

func (k wordKinds) Orders(c *Collector, e Entry) Part {
	items, _ := c.List(e.Value, "orders", "orders: [wait]")
	var out []string
	for _, n := range items {
		if w, ok := c.Name(n, "an order", "wait"); ok {
			out = append(out, k.prefix+w)
		}
	}
	return NewPart(out)
}

func (k wordKinds) Prefs(c *Collector, n *yaml.Node) Part {
	prefs := map[string]string{}
	if n == nil {
		return NewPart(prefs)
	}
	f, _ := c.Mapping(n, "prefs", "mood")
	if e, ok := f.Get("mood"); ok {
		prefs["mood"], _ = c.Name(e.Value, "mood", "mood: calm")
	}
	return NewPart(prefs)
}

// words reads every campaign's orders as words.
var words = Only(wordKinds{})

// TestParseReadsOrdersWithTheNamedCampaignsKinds: the order list and the
// preferences are read with the kinds of the campaign the mail names,
// wherever campaign: stands in the mail.
func TestParseReadsOrdersWithTheNamedCampaignsKinds(t *testing.T) {
	var asked []campaign.ID
	kinds := func(id campaign.ID) (Kinds, error) {
		asked = append(asked, id)
		return wordKinds{prefix: string(id) + ":"}, nil
	}
	sub, err := Parse([]byte("orders: [wait, go]\nprefs: {mood: calm}\nplayer: vorn\nturn: 2\ncampaign: duel\n"), kinds)
	if err != nil {
		t.Fatal(err)
	}
	got, err := PartOf[[]string](sub.Orders)
	if err != nil || !reflect.DeepEqual(got, []string{"duel:wait", "duel:go"}) || sub.Orders.Len() != 2 {
		t.Errorf("orders = %q, %v (%d); want duel's kinds to read [wait, go]", got, err, sub.Orders.Len())
	}
	if prefs, _ := PartOf[map[string]string](sub.Prefs); prefs["mood"] != "calm" {
		t.Errorf("prefs = %v, want mood calm", prefs)
	}
	if !reflect.DeepEqual(asked, []campaign.ID{"duel"}) {
		t.Errorf("kinds asked for %q, want once for duel", asked)
	}
}

// TestParseOfACampaignWithoutKinds: a mail naming a campaign pbemd runs no
// kinds for gets the reason at its campaign: value, still yields its
// header, and leaves its orders unread.
func TestParseOfACampaignWithoutKinds(t *testing.T) {
	kinds := func(id campaign.ID) (Kinds, error) { return nil, fmt.Errorf("pbemd runs no campaign %q", id) }
	sub, err := Parse([]byte("campaign: nowhere\nplayer: vorn\nturn: 2\norders: [wait]\n"), kinds)
	var ps Problems
	if !errors.As(err, &ps) || len(ps) != 1 || ps[0].Pos != (Pos{Line: 1, Col: 11}) ||
		ps[0].Msg != `pbemd runs no campaign "nowhere"` || !strings.Contains(ps[0].Hint, "campaign: frontier") {
		t.Fatalf("Parse = %v, want one problem at 1:11 naming the campaign", err)
	}
	if sub == nil || sub.Player != "vorn" || !sub.Orders.IsZero() {
		t.Errorf("Parse = %+v, want the header and no orders", sub)
	}
}

// TestParseOfARequestAsksNoKinds: a request has no orders, so whether its
// campaign has kinds does not matter.
func TestParseOfARequestAsksNoKinds(t *testing.T) {
	kinds := func(campaign.ID) (Kinds, error) { return nil, errors.New("asked") }
	if _, err := Parse([]byte("campaign: nowhere\ntoken: T\ncommand: status\n"), kinds); err != nil {
		t.Errorf("Parse(command) = %v, want no problem", err)
	}
}

// TestPartReadsBackFromJSON: a submission on file keeps its ruleset's
// parts as JSON, the same JSON the ruleset's values make, and gives them
// back as the ruleset's types.
func TestPartReadsBackFromJSON(t *testing.T) {
	sub, err := Parse([]byte("campaign: duel\nplayer: vorn\nturn: 2\norders: [wait, go]\n"), words)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(sub)
	if err != nil {
		t.Fatal(err)
	}
	var back Submission
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if again, _ := json.Marshal(&back); string(again) != string(b) {
		t.Errorf("a submission read back marshals as\n%s\nwant\n%s", again, b)
	}
	if got, err := PartOf[[]string](back.Orders); err != nil || !reflect.DeepEqual(got, []string{"wait", "go"}) || back.Orders.Len() != 2 {
		t.Errorf("orders read back = %q, %v (%d), want [wait go]", got, err, back.Orders.Len())
	}
	if _, err := PartOf[int](back.Orders); err == nil {
		t.Error("PartOf[int] of a list read back = nil error, want one")
	}
	var empty Submission
	if b, _ := json.Marshal(empty.Orders); string(b) != "null" || empty.Orders.Len() != 0 {
		t.Errorf("an empty part marshals as %s, length %d; want null and 0", b, empty.Orders.Len())
	}
	if got, err := PartOf[[]string](empty.Orders); got != nil || err != nil {
		t.Errorf("PartOf of an empty part = %q, %v; want nil, nil", got, err)
	}
}
