"""De Cœur & D'Acier's sheet: Nocturne (the site's example), a round and a confrontation from sheets equal to the
same typed by hand, teams and relations by name, and the fortunes written back (drawn at the start, a Tempérance)."""

from __future__ import annotations

import pytest
from helpers import answer_ok, answer_refused, example_sheet, without_sheets

NOCTURNE = example_sheet("dcda", "Nocturne")


def character(name: str, forces: tuple[int, int, int, int], **more) -> dict:
    return {
        **NOCTURNE,
        "id": name.lower().replace(" ", "-").replace(",", ""),
        "nom": name,
        "type": "pj",
        "notes": "",
        "forces": dict(zip(("batons", "ecus", "coupes", "dagues"), forces, strict=True)),
        "fortune": None,
        **more,
    }


ELI = character("Eli", (4, 2, 5, 3), predilection="coupes", relations_valeurs=[{"nom": "Ma sœur", "niveau": 3}])


def test_nocturne_is_the_sites_example_never_the_books():
    assert NOCTURNE["forces"] == {"batons": 3, "ecus": 3, "coupes": 3, "dagues": 7} and NOCTURNE["fortune"] == 17
    assert "du site, pas du livre" in NOCTURNE["notes"] and NOCTURNE["type"] == "pnj"


def test_a_round_from_two_sheets_equals_the_same_round_typed():
    eli = {**ELI, "table_confrontation": "C4S8Q/C5S/S6Q/Q4M"}
    for cards in ({"carte_a": "7-coupes", "carte_b": "2-dagues"}, {}):
        from_sheets = answer_ok(
            {"op": "roll", "roller": "dcda.tour", "fiche": eli, "fiche_b": NOCTURNE, "params": cards, "seed": 5}
        )
        typed = answer_ok(
            {
                "op": "roll",
                "roller": "dcda.tour",
                "params": {**cards, "forces_a": "4,2,5,3", "forces_b": "3,3,3,7", "table": "C4S8Q/C5S/S6Q/Q4M"},
                "seed": 5,
            }
        )
        assert without_sheets(from_sheets) == typed
    odds = answer_ok(
        {"op": "odds", "roller": "dcda.tour", "fiche": eli, "fiche_b": NOCTURNE, "params": {"enseigne_a": "coupes"}}
    )
    assert odds["personnage"] == "Eli" and "issues_table" in odds


def test_a_confrontation_against_nocturnes_sheet_equals_the_one_typed():
    from_sheets = answer_ok(
        {
            "op": "roll",
            "roller": "dcda.confrontation",
            "fiche": ELI,
            "fiche_b": NOCTURNE,
            "params": {"relation_a": "ma soeur"},
            "seed": 8,
        }
    )
    typed = answer_ok(
        {
            "op": "roll",
            "roller": "dcda.confrontation",
            "params": {
                "forces_a": "4,2,5,3",
                "noms_a": "Eli",
                "predilection_a": "coupes",
                "fortune_a": "-1",
                "niveau_a": "3",
                "forces_b": "3,3,3,7",
                "noms_b": "Nocturne",
                "fortune_b": "17",
            },
            "seed": 8,
        }
    )
    assert without_sheets(from_sheets) == typed
    (niveau,) = [r for r in from_sheets["remplissage"] if r["parametre"] == "niveau_a"]
    assert "Ma sœur (3, exaltée)" in niveau["texte"]


def test_the_fortune_drawn_at_the_start_is_written_on_the_sheet():
    res = answer_ok(
        {
            "op": "roll",
            "roller": "dcda.confrontation",
            "fiche": ELI,
            "fiche_b": NOCTURNE,
            "params": {"relation_a": "Ma sœur"},
            "seed": 8,
        }
    )
    drawn = res["etat"]["fortunes"][0]
    assert isinstance(drawn, int) and res["fiche"]["fortune"] == drawn
    (change,) = res["modifications"]
    assert (change["champ"], change["avant"], change["apres"]) == ("fortune", None, drawn) and change[
        "cible"
    ] == "fiche"
    assert res["fiche_b"] == NOCTURNE  # Nocturne's fortune was on her sheet already
    calm = answer_ok({"op": "roll", "roller": "dcda.confrontation", "fiche": ELI, "fiche_b": NOCTURNE, "seed": 8})
    assert calm["modifications"] == [] and calm["fiche"]["fortune"] is None  # not exalted: nothing drawn


def test_a_temperance_makes_the_fortune_to_draw_again_and_offers_to_draw_it():
    eli = {**ELI, "fortune": 5, "relations_valeurs": [{"nom": "Ma sœur", "niveau": 4}]}
    res = answer_ok(
        {
            "op": "roll",
            "roller": "dcda.confrontation",
            "fiche": eli,
            "fiche_b": NOCTURNE,
            "params": {"relation_a": "Ma sœur"},
            "seed": 2,
        }
    )
    assert res["modifications"] == []
    temperance = answer_ok(
        {
            "op": "action",
            "roller": "dcda.confrontation",
            "action": "exaltation",
            "state": res["etat"],
            "fiche": res["fiche"],
            "fiche_b": res["fiche_b"],
            "dice": ["5"],
        }
    )
    assert temperance["etat"]["fin"] == "temperance"
    (change,) = temperance["modifications"]
    assert (change["champ"], change["avant"], change["apres"]) == ("fortune", 5, None)
    (offer,) = temperance["suites_fiche"]
    assert offer["id"] == "nouvelle_fortune" and offer["fiche_id"] == eli["id"] and offer["cible"] == "fiche"
    drawn = answer_ok(
        {"op": "sheet_followup", "suite": "nouvelle_fortune", "fiche": temperance["fiche"], "dice": ["14"]}
    )
    assert drawn["fiche"]["fortune"] == 14 and drawn["tirage"] == ["14"] and "XIV — Tempérance" in drawn["resultat"]
    typed = answer_ok(
        {"op": "sheet_followup", "suite": "nouvelle_fortune", "fiche": temperance["fiche"], "params": {"fortune": 0}}
    )
    assert typed["fiche"]["fortune"] == 0 and typed["tirage"] == []
    no_match = answer_ok(
        {
            "op": "action",
            "roller": "dcda.confrontation",
            "action": "exaltation",
            "state": res["etat"],
            "fiche": res["fiche"],
            "fiche_b": res["fiche_b"],
            "dice": ["6"],
        }
    )
    assert no_match["modifications"] == [] and no_match["suites_fiche"] == []


def test_teams_from_several_sheets_and_their_relations_by_name():
    team = [
        ELI,
        character("Bran, le Long", (2, 6, 1, 3), relations_valeurs=[{"nom": "L’honneur", "niveau": 1}]),
        character("Cassandre de la Tour Haute", (5, 5, 5, 5)),
    ]
    res = answer_ok(
        {
            "op": "roll",
            "roller": "dcda.confrontation",
            "fiches_a": team,
            "fiche_b": NOCTURNE,
            "params": {"relation_a": "ma sœur,l'honneur,-"},
            "seed": 3,
        }
    )
    params = res["parametres"]
    assert params["forces_a"] == [4, 2, 5, 3, 2, 6, 1, 3, 5, 5, 5, 5] and params["niveau_a"] == [3, 1, 0]
    names = params["noms_a"].split(",")
    assert len(params["noms_a"]) <= 60 and names[0] == "Eli" and names[1].startswith("Bran le") and "," not in names[1]
    assert params["predilection_a"] == "coupes,-,-" and len(res["fiches_a"]) == 3
    assert [p["cible"] for p in res["personnages"]] == ["fiches_a[0]", "fiches_a[1]", "fiches_a[2]", "fiche_b"]
    answer_refused(
        {"op": "roll", "roller": "dcda.confrontation", "fiches_a": team, "params": {"relation_a": "ma sœur"}},
        "relation_a",
    )
    answer_refused(
        {"op": "roll", "roller": "dcda.confrontation", "fiches_a": team, "params": {"relation_a": "Ma sœur,Ma mère,-"}},
        "relation_a",
    )
    answer_refused(
        {
            "op": "action",
            "roller": "dcda.confrontation",
            "action": "terminer",
            "state": res["etat"],
            "fiches_a": team[:2],
            "fiche_b": NOCTURNE,
        },
        "fiches_a",
    )
    answer_refused({"op": "roll", "roller": "dcda.confrontation", "fiche": ELI, "fiches_a": team}, "fiches_a")
    answer_refused({"op": "roll", "roller": "dcda.confrontation", "fiches_a": [ELI] * 9}, "fiches_a")


def test_an_environment_is_a_pnj_sheet_up_to_25():
    avalanche = {
        **NOCTURNE,
        "id": "avalanche",
        "nom": "Avalanche",
        "environnement": True,
        "fortune": None,
        "forces": {"batons": 25, "ecus": 4, "coupes": 2, "dagues": 10},
    }
    res = answer_ok({"op": "roll", "roller": "dcda.confrontation", "fiche": ELI, "fiche_b": avalanche, "seed": 1})
    assert res["parametres"]["environnement"] is True and res["parametres"]["forces_b"] == [25, 4, 2, 10]
    answer_refused({"op": "sheet_check", "fiche": {**avalanche, "environnement": False}}, "fiche.forces.batons")
    answer_refused(
        {"op": "roll", "roller": "dcda.confrontation", "fiche_b": avalanche, "params": {"pnj": "nocturne"}}, "pnj"
    )


@pytest.mark.parametrize("key", ["fiche", "fiche_b"])
def test_the_choices_name_each_participants_relations(key):
    choices = answer_ok({"op": "sheet_choices", "roller": "dcda.confrontation", key: ELI})["choix"]
    side = "a" if key == "fiche" else "b"
    assert choices == {
        f"relation_{side}": [
            {
                "valeur": "Ma sœur",
                "libelle": "Ma sœur (3, exaltée)",
                "nombre": 3,
                "groupe": "Relations et valeurs",
                "participante": 1,
                "personnage": "Eli",
            }
        ]
    }
