package eaw

import (
	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/orders"
)

// Kinds are EaW's order kinds and standing preferences, with which the
// order kit reads a mail's orders: and prefs:.
func (Ruleset) Kinds() orders.Kinds { return orderKinds{} }

// orderKinds are EaW's order kinds (the table kinds) and standing
// preferences, with which the order kit reads a mail's orders: and
// prefs: (orders.Kinds).
type orderKinds struct{}

// Orders reads the order list.
func (orderKinds) Orders(c *orders.Collector, e orders.Entry) orders.Part {
	return orders.NewPart((&parser{c}).orderList(e))
}

// Prefs reads the standing preferences; a mail without them gets
// DefaultPrefs.
func (orderKinds) Prefs(c *orders.Collector, n *yaml.Node) orders.Part {
	if n == nil {
		return orders.NewPart(DefaultPrefs())
	}
	return orders.NewPart((&parser{c}).prefs(n))
}

// parser reads EaW's orders from a checked YAML node tree and collects
// problems.
type parser struct {
	*orders.Collector
}

// content reads back what EaW's kinds made of a submission: its orders
// and its standing preferences. A submission read back from JSON that no
// longer reads as EaW's is an error.
func content(sub *orders.Submission) ([]Order, Prefs, error) {
	list, err := orders.PartOf[[]Order](sub.Orders)
	if err != nil {
		return nil, Prefs{}, err
	}
	prefs, err := orders.PartOf[Prefs](sub.Prefs)
	return list, prefs, err
}
