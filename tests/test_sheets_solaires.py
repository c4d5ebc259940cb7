"""Solaires' sheet: the book's examples replayed from sheets, a roll from a sheet equal to the same roll
typed by hand, and what a result writes back (a reroll's points, solaires.points' follow-ups, an état)."""

from __future__ import annotations

import pytest
from helpers import answer_ok, answer_refused, example_sheet, without_sheets
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_py import get_roller


def roll(roller: str, sheet: dict, params: dict, dice: list | None = None, **more) -> dict:
    request = {"op": "roll", "roller": roller, "fiche": sheet, "params": params, **more}
    if dice is not None:
        request["dice"] = dice
    return answer_ok(request)


# ----------------------------------------------------------------------
# The book's examples, from the example sheets
# ----------------------------------------------------------------------


def test_razors_hold_from_her_sheet():
    res = roll(
        "solaires.action",
        example_sheet("solaires", "Razors"),
        {"elements": "Arts martiaux,Muscles améliorés", "typique": True, "difficulte": -2, "alteration": "adoucie"},
        [4, 6, 2],
    )
    assert res["score"] == 3 and res["conserves"] == 1
    assert res["resultat"] == "Échec avec contrepartie positive"
    assert res["personnage"] == "Razors" and res["modifications"] == []
    (elements,) = [r for r in res["remplissage"] if r["parametre"] == "elements"]
    assert elements["valeur"] == [3, 2] and "Arts martiaux (3)" in elements["texte"]


def test_elya_climbs_from_her_sheet():
    res = roll(
        "solaires.action",
        example_sheet("solaires", "Elya"),
        {"elements": "commando, muscles ameliores", "typique": True, "alteration": "amplifiee"},
        [3, 6, 2],
    )
    assert res["difficulte"] == 0 and res["score"] == 5 and res["conserves"] == 2
    assert res["resultat"] == "Réussite sans effet secondaire"


def test_thalos_against_lyra_from_her_sheet():
    params = {"elements": 3, "defense": "Art-Martiaux,Agile"}
    if "defense_typique" in {p.name for p in get_roller("solaires.opposition").params}:
        params["defense_typique"] = True  # RULES.md, « Decisions after the second audit »
    res = answer_ok(
        {
            "op": "roll",
            "roller": "solaires.opposition",
            "fiche_defense": example_sheet("solaires", "Lyra"),
            "params": params,
            "seed": 1,
        }
    )
    assert res["difficulte"] == -2 and res["personnage"] is None
    assert res["personnages"] == [
        {"cible": "fiche_defense", "fiche_id": "exemple-solaires-lyra", "nom": "Lyra", "type": "pj"}
    ]
    assert res["fiche_defense"] == example_sheet("solaires", "Lyra")


def test_downlinks_hack_from_his_sheet():
    res = roll(
        "solaires.action",
        example_sheet("solaires", "Downlink"),
        {
            "elements": "Decker,Console de décryptage",
            "typique": True,
            "intrinseque": "complexe",
            "interet": "reussite-interessante",
        },
        seed=1,
    )
    assert res["difficulte"] == 2 and res["score"] == 6  # 2 and 2: the site's scores (the sheet's notes say so)
    assert "choix du site" in example_sheet("solaires", "Downlink")["notes"]


def test_perseus_is_the_whole_example_of_002():
    perseus = example_sheet("solaires", "Perseüs")
    assert (perseus["pseudonyme"], perseus["nom_civil"], perseus["genre"]) == ("Perseüs", "Carl Mordani", "masculin")
    by_category: dict[str, int] = {}
    for el in perseus["elements"]:
        by_category[el["categorie"]] = by_category.get(el["categorie"], 0) + 1
    assert by_category == {"trait": 8, "carriere": 4, "relation": 3, "equipement": 11}
    assert [el["nom"] for el in perseus["elements"] if el["marque"] == "cyb"] == [
        "Corps cybernétique",
        "Ordoptique intégré",
        "Interface progiciel",
        "Nœud de sauvegarde",
        "Dispositif gecko",
        "Console de décryptage intégrée",
    ]
    assert perseus["description"].startswith("Perseüs est né à Londres") and perseus["points"] == 2


# ----------------------------------------------------------------------
# A roll from a sheet is the same roll typed by hand
# ----------------------------------------------------------------------

PERSEUS = example_sheet("solaires", "Perseüs")
_NAMES = [(el["nom"], el["score"]) for el in PERSEUS["elements"]]


@settings(max_examples=60, deadline=None)
@given(
    names=st.lists(st.sampled_from(_NAMES), min_size=1, max_size=2, unique=True),
    difficulte=st.integers(-8, 8),
    alteration=st.sampled_from(["stable", "adoucie", "amplifiee", "instable"]),
    seed=st.integers(0, 10_000),
    points=st.integers(0, 2),
)
def test_a_roll_from_the_sheet_equals_the_same_roll_typed_by_hand(names, difficulte, alteration, seed, points):
    sheet = {**PERSEUS, "points": points}
    common = {"difficulte": difficulte, "alteration": alteration, "typique": len(names) == 2}
    from_sheet = roll("solaires.action", sheet, {**common, "elements": ",".join(n for n, _ in names)}, seed=seed)
    typed = answer_ok(
        {
            "op": "roll",
            "roller": "solaires.action",
            "params": {**common, "elements": [s for _, s in names], "points": points},
            "seed": seed,
        }
    )
    assert without_sheets(from_sheet) == typed
    odds_sheet = answer_ok(
        {
            "op": "odds",
            "roller": "solaires.action",
            "fiche": sheet,
            "params": {**common, "elements": [n for n, _ in names]},
        }
    )
    odds_typed = answer_ok(
        {"op": "odds", "roller": "solaires.action", "params": {**common, "elements": [s for _, s in names]}}
    )
    assert without_sheets(odds_sheet) == odds_typed and odds_sheet["personnage"] == "Perseüs"


def test_an_explicit_number_wins_and_the_result_says_so():
    res = roll("solaires.action", PERSEUS, {"elements": "3,Pilote", "typique": True, "points": 5}, seed=1)
    assert res["parametres"]["elements"] == [3, 2] and res["points"] == 5
    (points,) = [r for r in res["remplissage"] if r["parametre"] == "points"]
    assert points["source"] == "requete" and points["valeur"] == 5 and points["valeur_fiche"] == 2
    assert "la valeur donnée (5) l’emporte" in points["texte"]
    (elements,) = [r for r in res["remplissage"] if r["parametre"] == "elements"]
    assert "3 (valeur donnée)" in elements["texte"] and "Pilote (2)" in elements["texte"]


def test_an_etat_is_a_handicap_unless_the_player_says_otherwise():
    hurt = {**PERSEUS, "etats": [{"nom": "Pensée altérée", "score": 2}]}
    res = roll("solaires.action", hurt, {"elements": "Pilote,pensée altérée", "typique": True}, seed=1)
    assert res["parametres"]["elements"] == [2, 2] and res["effet_handicap"] is True
    assert any("Pensée altérée" in r["texte"] for r in res["remplissage"] if r["parametre"] == "handicap")
    res = roll(
        "solaires.action", hurt, {"elements": "Pilote,pensée altérée", "typique": True, "handicap": False}, seed=1
    )
    assert res["effet_handicap"] is False
    assert roll("solaires.action", hurt, {"elements": "Pilote"}, seed=1)["effet_handicap"] is False


def test_a_second_element_still_needs_typique():
    answer_refused(
        {"op": "roll", "roller": "solaires.action", "fiche": PERSEUS, "params": {"elements": "Pilote,Volontaire"}},
        "elements",
    )


@pytest.mark.parametrize(
    "roller, params, field",
    [
        ("solaires.action", {"elements": "Pilote,pilote", "typique": True}, "elements"),
        ("solaires.action", {"elements": ["Espion martien", " ESPION MARTIEN "], "typique": True}, "elements"),
        ("solaires.opposition", {"elements": "Pilote", "defense": "Agile,agile", "defense_typique": True}, "defense"),
        ("solaires.opposition", {"elements": "Pilote,PILOTE", "typique": True, "defense": "Agile"}, "elements"),
    ],
)
def test_a_second_element_is_another_element_never_the_first_counted_twice(roller, params, field):
    """Issue 35 §4: « elements=Pilote,pilote » scored 2 + 2 and « defense=Agile,agile » the same."""
    other = {"fiche_defense": example_sheet("solaires", "Lyra")} if roller == "solaires.opposition" else {}
    sheets = {"fiche": PERSEUS} | other
    for op in ("roll", "odds"):
        error = answer_refused({"op": op, "roller": roller, "params": params, **sheets}, field)
        assert "nommé deux fois" in error


def test_the_widget_is_offered_the_sheets_elements_and_etats_by_name():
    hurt = {**PERSEUS, "etats": [{"nom": "En état de choc", "score": 1}]}
    choices = answer_ok({"op": "sheet_choices", "roller": "solaires.action", "fiche": hurt})
    offered = choices["choix"]["elements"]
    assert offered[0] == {"valeur": "Volontaire", "libelle": "Volontaire (2)", "nombre": 2, "groupe": "Traits"}
    assert {
        "valeur": "Corps cybernétique",
        "libelle": "Corps cybernétique (Cyb) (2)",
        "nombre": 2,
        "groupe": "Équipement",
    } in offered
    assert offered[-1]["groupe"] == "États"
    assert [r["parametre"] for r in choices["remplissage"]] == ["points"]


# ----------------------------------------------------------------------
# What a result writes back
# ----------------------------------------------------------------------


def test_a_reroll_takes_two_points_from_the_sheet_and_a_third_is_refused():
    sheet = {**PERSEUS, "points": 3, "points_max": 3}
    first = roll("solaires.action", sheet, {"elements": "Pilote"}, [6, 6, 6])
    assert first["modifications"] == [] and first["fiche"] == sheet
    reroll = {"op": "action", "roller": "solaires.action", "action": "relancer", "params": {"de": 2}}
    second = answer_ok({**reroll, "state": first["etat"], "fiche": first["fiche"], "dice": [1]})
    (change,) = second["modifications"]
    assert change["champ"] == "points" and (change["avant"], change["apres"], change["ecart"]) == (3, 1, -2)
    assert (
        change["fiche_id"] == PERSEUS["id"]
        and change["personnage"] == "Perseüs"
        and "Relance du dé 2" in change["raison"]
    )
    assert second["fiche"]["points"] == 1
    answer_refused({**reroll, "state": second["etat"], "fiche": second["fiche"], "dice": [1]}, "points")


def test_a_reroll_spends_the_points_the_sheet_holds_now():
    first = roll("solaires.action", PERSEUS, {"elements": "Pilote"}, [6, 6, 6])
    spent = {**first["fiche"], "points": 1}  # another roll spent one meanwhile
    answer_refused(
        {
            "op": "action",
            "roller": "solaires.action",
            "action": "relancer",
            "state": first["etat"],
            "fiche": spent,
            "params": {"de": 1},
            "dice": [1],
        },
        "points",
    )


@pytest.mark.parametrize(
    "action, params, before, after",
    [
        ("fin_scene", {}, (1, 2), (2, 2)),
        ("fin_episode", {}, (1, 2), (3, 3)),
        ("fin_episode", {}, (2, 2), (3, 3)),
        ("depenser", {"utilisation": "question-meneur"}, (3, 3), (1, 3)),
        ("depenser", {"utilisation": "lien-element", "cout": 3}, (3, 4), (0, 4)),
    ],
)
def test_solaires_points_follow_ups_change_the_sheets_points_and_maximum(action, params, before, after):
    sheet = {**PERSEUS, "points": before[0], "points_max": before[1]}
    shown = roll("solaires.points", sheet, {})
    assert (shown["points"], shown["maximum"]) == before and shown["modifications"] == []
    res = answer_ok(
        {
            "op": "action",
            "roller": "solaires.points",
            "action": action,
            "state": shown["etat"],
            "fiche": sheet,
            "params": params,
        }
    )
    assert (res["fiche"]["points"], res["fiche"]["points_max"]) == after
    assert sum(c["ecart"] for c in res["modifications"] if c["champ"] == "points") == after[0] - before[0]


def test_the_end_of_a_scene_never_goes_above_the_maximum():
    sheet = {**PERSEUS, "points": 2, "points_max": 2}
    shown = roll("solaires.points", sheet, {})
    answer_refused(
        {"op": "action", "roller": "solaires.points", "action": "fin_scene", "state": shown["etat"], "fiche": sheet},
        "action",
    )
    assert (
        answer_ok(
            {"op": "sheet_apply", "fiche": sheet, "modifications": [{"champ": "points", "ecart": 5, "raison": ""}]}
        )["fiche"]["points"]
        == 2
    )  # a difference applied again is kept within the rules' bounds


def test_ajouter_un_etat_adds_or_worsens_an_etat_only_when_asked():
    res = roll("solaires.action", PERSEUS, {"elements": "Pilote", "alteration": "instable"}, [6, 6, 1])
    (offer,) = res["suites_fiche"]
    assert offer["id"] == "ajouter_etat" and offer["fiche_id"] == PERSEUS["id"] and res["fiche"]["etats"] == []
    answer_refused(  # nothing but the scale is offered: the score is the player's to choose
        {"op": "sheet_followup", "suite": "ajouter_etat", "fiche": res["fiche"], "params": {"nom": "Choc"}}, "score"
    )
    added = answer_ok(
        {
            "op": "sheet_followup",
            "suite": "ajouter_etat",
            "fiche": res["fiche"],
            "params": {"nom": "En état de choc", "score": 1},
        }
    )
    assert added["fiche"]["etats"] == [{"nom": "En état de choc", "score": 1}]
    worse = answer_ok(
        {
            "op": "sheet_followup",
            "suite": "ajouter_etat",
            "fiche": added["fiche"],
            "params": {"nom": "en etat de choc", "score": 3},
        }
    )
    assert worse["fiche"]["etats"] == [{"nom": "en etat de choc", "score": 3}] and "passe à" in worse["resultat"]
    answer_refused(
        {"op": "sheet_followup", "suite": "ajouter_etat", "fiche": PERSEUS, "params": {"nom": "Pilote", "score": 1}},
        "fiche.etats[0].nom",
    )
    answer_refused({"op": "sheet_followup", "suite": "nouvelle_fortune", "fiche": PERSEUS}, "suite")


def test_a_use_that_alters_the_character_adds_its_element_and_a_veto_takes_it_back():
    sheet = {**PERSEUS, "points": 4, "points_max": 4}
    shown = roll("solaires.points", sheet, {})
    spend = {"op": "action", "roller": "solaires.points", "action": "depenser", "state": shown["etat"], "fiche": sheet}
    params = {"utilisation": "lien-element", "alteration_personnage": 1}
    element = {"element": "Videur du Néon", "element_categorie": "relation", "element_score": 1}
    answer_refused({**spend, "params": params}, "element")  # the element goes on the sheet in the same write
    answer_refused({**spend, "params": {"utilisation": "lien-element", **element}}, "element")
    spent = answer_ok({**spend, "params": {**params, **element}})
    changes = {c["champ"]: c for c in spent["modifications"]}
    assert changes["points"]["ecart"] == -3 and spent["fiche"]["points"] == 1
    assert changes["elements"]["ajout"] == {
        "nom": "Videur du Néon",
        "categorie": "relation",
        "score": 1,
        "marque": None,
    }
    assert spent["fiche"]["elements"][-1]["nom"] == "Videur du Néon"
    veto = answer_ok(
        {"op": "action", "roller": "solaires.points", "action": "veto", "state": spent["etat"], "fiche": spent["fiche"]}
    )
    assert veto["fiche"] == sheet  # the points back, the element gone
    assert {c["champ"] for c in veto["modifications"]} == {"points", "elements"}
    raised = answer_ok(
        {**spend, "params": {**params, "element": "Pilote", "element_categorie": "carriere", "element_score": 3}}
    )
    assert [e["score"] for e in raised["fiche"]["elements"] if e["nom"] == "Pilote"] == [3]  # an element's score raised


def test_a_veto_after_a_reroll_gives_the_two_points_back_to_the_sheet():
    first = roll("solaires.action", PERSEUS, {"elements": "Pilote"}, [6, 6, 6])
    reroll = answer_ok(
        {
            "op": "action",
            "roller": "solaires.action",
            "action": "relancer",
            "state": first["etat"],
            "fiche": first["fiche"],
            "params": {"de": 1},
            "dice": [1],
        }
    )
    assert reroll["fiche"]["points"] == 0
    veto = answer_ok(
        {
            "op": "action",
            "roller": "solaires.action",
            "action": "veto",
            "state": reroll["etat"],
            "fiche": reroll["fiche"],
        }
    )
    assert veto["fiche"]["points"] == 2 and [c["ecart"] for c in veto["modifications"]] == [2]


def test_the_command_line_heads_each_sheet_with_its_place_not_as_the_one_who_rolls(tmp_path):
    """Issue 35 §4: « --fiche-defense Lyra.json » alone was headed « Personnage : Lyra », though only the aggressor
    rolls: each sheet is named by its place, as the page names it."""
    import contextlib
    import io
    import json

    from rules_py.__main__ import main

    lyra, perseus = tmp_path / "lyra.json", tmp_path / "perseus.json"
    lyra.write_text(json.dumps(example_sheet("solaires", "Lyra"), ensure_ascii=False), encoding="utf-8")
    perseus.write_text(json.dumps(PERSEUS, ensure_ascii=False), encoding="utf-8")
    common = ["roll", "solaires.opposition", "defense=Art-Martiaux,Agile", "defense_typique=true", "--seed", "1"]
    for args, heads in (
        (["elements=3", "--fiche-defense", str(lyra)], ["L’autre personnage : Lyra"]),
        (
            ["elements=Pilote", "--fiche", str(perseus), "--fiche-defense", str(lyra)],
            ["Personnage qui agit : Perseüs", "L’autre personnage : Lyra"],
        ),
    ):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main([*common, *args], "python -m rules_py") == 0
        lines = out.getvalue().replace("\u00a0", " ").splitlines()
        assert lines[: len(heads)] == heads
        assert not any(line.startswith("Personnage : ") for line in lines)
