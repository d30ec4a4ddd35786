package templates

import (
	"strings"
	"testing"
	"time"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/resolver"
)

func TestReportOfAnEndedCampaignOpensNoTurn(t *testing.T) {
	v := &resolver.View{Campaign: "frontier", Title: "Frontier Wars", Player: "vorn", Turn: 45, Resolved: 44,
		Date: campaign.Date{Year: 176, Season: campaign.Spring}, Ended: true}
	rep, err := RenderReport(v, time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC), time.UTC, "orders.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rep.Text, "The campaign is over") || strings.Contains(rep.Text, "Orders are due") {
		t.Errorf("report of an ended campaign:\n%s", rep.Text)
	}
	if rep.Orders != nil {
		t.Errorf("an ended campaign's report carries an order template:\n%s", rep.Orders)
	}
}
