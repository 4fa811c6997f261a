"""Supporting tables (liuren.patterns.shensha) against the lists written out in docs/rules.md §5–§6."""

from __future__ import annotations

import pytest

from liuren import School
from liuren.cycle import BRANCH_CHARS, PILLARS
from liuren.patterns import shensha as ss

B = BRANCH_CHARS.index
MONTHS = "寅卯辰巳午未申酉戌亥子丑"
"""正月 … 十二月 as month branches (月建 by 節)."""
DEFAULT = School()


def per_branch(f) -> str:
    return "".join(BRANCH_CHARS[f(b)] for b in range(12))


def per_month(f) -> str:
    return "".join(BRANCH_CHARS[f(B(m))] for m in MONTHS)


@pytest.mark.parametrize(
    ("months", "states"),
    [
        ("寅卯", "旺相死囚休"),  # 木旺 火相 土死 金囚 水休
        ("巳午", "休旺相死囚"),
        ("申酉", "死囚休旺相"),
        ("亥子", "相死囚休旺"),
        ("辰戌丑未", "囚休旺相死"),
    ],
)
def test_wang_xiang_by_month_branch(months, states):
    # docs/rules.md §5.5, in 木火土金水 order: 寅卯月 木旺 火相 水休 金囚 土死 …
    for m in months:
        assert "".join(ss.element_state(e, B(m), DEFAULT) for e in range(5)) == states


def test_wang_xiang_by_season_has_no_earth_month():
    season = DEFAULT.replace(wangxiang="season")
    assert ss.element_state(0, B("辰"), season) == "旺"  # 辰 belongs to spring
    assert ss.element_state(1, B("未"), season) == "旺"
    assert all(ss.element_state(2, m, season) != "旺" for m in range(12))
    assert ss.element_state(2, B("辰"), DEFAULT) == "旺"


def test_branch_and_stem_states():
    assert ss.season_state(B("未"), B("寅"), DEFAULT) == "死"  # 003: 春占土死
    assert ss.stem_state(2, B("子"), DEFAULT) == "死"  # 丙 fire in winter


def test_changsheng_element_and_stem():
    assert "".join(BRANCH_CHARS[ss.changsheng(s, DEFAULT)] for s in range(10)) == "亥亥寅寅申申巳巳申申"
    stem = DEFAULT.replace(changsheng="stem")
    assert "".join(BRANCH_CHARS[ss.changsheng(s, stem)] for s in range(10)) == "亥午寅酉寅酉巳子申卯"


def test_stages_run_forward_and_yin_stems_backward_in_the_stem_school():
    assert ss.STAGES[0] == "長生" and ss.STAGES[8] == "墓" and len(ss.STAGES) == 12
    assert ss.stage(0, B("未"), DEFAULT) == "墓" and ss.stage(0, B("寅"), DEFAULT) == "臨官"
    # default school: 戊's stages run from 申 (土 with 水) while its 日墓 is 戌 (土 with 火), as documented
    assert ss.stage(4, B("辰"), DEFAULT) == "墓" and ss.tomb_of_stem(4, DEFAULT) == B("戌")
    stem = DEFAULT.replace(changsheng="stem", tomb="stem")
    assert ss.stage(1, B("卯"), stem) == "臨官"  # 陰干 臨官 = its 祿
    for s in range(10):  # the 十干 墓 table is the 墓 stage of the 十干 長生
        assert ss.stage(s, ss.tomb_of_stem(s, stem), stem) == "墓"
    water = DEFAULT.replace(tomb="water")
    for s in range(10):  # 五行 長生 with 土 following 水 puts 墓 where the 水 school says
        assert ss.stage(s, ss.tomb_of_stem(s, water), water) == "墓"


def test_tombs_per_school():
    def tombs(school):
        return "".join(BRANCH_CHARS[ss.tomb_of_stem(s, school)] for s in range(10))

    assert tombs(DEFAULT) == "未未戌戌戌戌丑丑辰辰"  # 土 with 火 (粹言)
    assert tombs(DEFAULT.replace(tomb="water")) == "未未戌戌辰辰丑丑辰辰"
    assert tombs(DEFAULT.replace(tomb="stem")) == "未戌戌丑戌丑丑辰辰未"
    assert per_branch(lambda b: ss.tomb_of_branch(b, DEFAULT)) == "辰戌未未戌戌戌戌丑丑戌辰"


def test_three_harmony_sha_from_the_day_branch():
    # 子丑寅卯辰巳午未申酉戌亥
    assert per_branch(ss.post_horse) == "寅亥申巳寅亥申巳寅亥申巳"
    assert per_branch(ss.robbery) == "巳寅亥申巳寅亥申巳寅亥申"
    assert per_branch(ss.calamity) == "午卯子酉午卯子酉午卯子酉"
    assert per_branch(ss.lost_spirit) == "亥申巳寅亥申巳寅亥申巳寅"


def test_sky_net_and_earth_net():
    assert "".join(BRANCH_CHARS[ss.sky_net_of_stem(s)] for s in range(10)) == "卯巳午申午申酉亥子寅"
    assert "".join(BRANCH_CHARS[ss.earth_net(ss.sky_net_of_stem(s))] for s in range(10)) == "酉亥子寅子寅卯巳午申"
    assert BRANCH_CHARS[ss.sky_net_of_branch(B("亥"))] == "子"


def test_monthly_sha():
    assert per_month(ss.death_spirit) == "巳午未申酉戌亥子丑寅卯辰"
    assert per_month(ss.death_qi) == "午未申酉戌亥子丑寅卯辰巳"
    assert per_month(ss.life_qi) == "子丑寅卯辰巳午未申酉戌亥"
    assert per_month(ss.month_loathing) == "戌酉申未午巳辰卯寅丑子亥"
    assert per_month(ss.sky_net_sha) == "亥申巳寅亥申巳寅亥申巳寅"
    assert per_month(ss.sky_punishment) == "酉酉酉子子子卯卯卯午午午"
    assert per_month(ss.month_virtue) == "巳寅亥申巳寅亥申巳寅亥申"
    assert per_month(lambda m: ss.HEAVEN_VIRTUE[m]) == "未申亥戌亥寅丑寅巳辰巳申"


def test_virtue_amnesty_ding_and_xun_qi():
    assert "".join(BRANCH_CHARS[b] for b in ss.DAY_VIRTUE) == "寅申巳亥巳寅申巳亥巳"
    assert ss.is_amnesty_day(PILLARS.index("戊寅"), B("卯"))
    assert not ss.is_amnesty_day(PILLARS.index("戊寅"), B("午"))
    assert ss.is_amnesty_day(PILLARS.index("甲午"), B("未"))
    assert ss.is_amnesty_day(PILLARS.index("甲子"), B("丑"))
    ding = {
        p: BRANCH_CHARS[ss.ding_spirit(PILLARS.index(p))]
        for p in ("甲子", "甲戌", "甲申", "甲午", "甲辰", "甲寅", "丙寅")
    }
    assert ding == {"甲子": "卯", "甲戌": "丑", "甲申": "亥", "甲午": "酉", "甲辰": "未", "甲寅": "巳", "丙寅": "卯"}
    qi = [BRANCH_CHARS[ss.xun_qi(PILLARS.index(p))] for p in ("甲子", "乙亥", "甲申", "癸巳", "甲辰", "甲寅")]
    assert qi == ["丑", "丑", "子", "子", "亥", "亥"]
    assert [ss.season(B(m)) for m in MONTHS] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]


def test_release_spirit_by_pairs_of_months():
    # 解神: 正二月 申, 三四月 戌, 五六月 子, 七八月 寅, 九十月 辰, 十一十二月 午
    assert per_month(ss.release_spirit) == "申申戌戌子子寅寅辰辰午午"


def test_virtue_unions_every_stem_and_branch():
    # 日德 甲寅 乙申 丙巳 丁亥 戊巳 己寅 庚申 辛巳 壬亥 癸巳; 干合 甲己 乙庚 丙辛 丁壬 戊癸 at the partner's 寄宮;
    # 支合 子丑 寅亥 卯戌 辰酉 巳申 午未.
    virtue = "".join(BRANCH_CHARS[ss.virtue_unions(s, 0)["日德"]] for s in range(10))
    union = "".join(BRANCH_CHARS[ss.virtue_unions(s, 0)["干合"]] for s in range(10))
    branch = "".join(BRANCH_CHARS[ss.virtue_unions(0, b)["支合"]] for b in range(12))
    assert (virtue, union, branch) == ("寅申巳亥巳寅申巳亥巳", "未申戌亥丑寅辰巳未巳", "丑子亥戌酉申未午巳辰卯寅")


def test_offspring_is_what_the_stem_produces():
    # 子孫 (我生): 甲乙 → 巳午, 丙丁 → 辰戌丑未, 戊己 → 申酉, 庚辛 → 亥子, 壬癸 → 寅卯
    found = ["".join(c for i, c in enumerate(BRANCH_CHARS) if ss.is_offspring(s, i)) for s in range(0, 10, 2)]
    assert found == ["巳午", "丑辰未戌", "申酉", "子亥", "寅卯"]
