"""The words of :func:`liuren.identify`'s rules that no rule record says: the printed chart's own 晝/夜
noble choice (``noble.day``, ``noble.night``), the 貴人 tables (``noble_table.A`` …) and the hour's 晝/夜
rules (``day_night.fixed`` …)."""

from __future__ import annotations

from . import Table

IDENTIFY: Table = {
    "zh": {
        "noble.day": "不論時辰，用晝貴（「雖寅時，仍用晝貴」）",
        "noble.night": "不論時辰，用夜貴",
        "noble_table.A": "貴人表甲（甲戊庚牛羊）",
        "noble_table.B": "貴人表乙（甲羊戊庚牛，協紀辨方）",
        "noble_table.C": "貴人表丙（庚辛逢馬虎）",
        "day_night.fixed": "卯至申為晝",
        "day_night.mao-you": "卯至酉為晝",
        "day_night.zi-si": "子至巳為晝（銀河棹）",
    },
    "ko": {
        "noble.day": "시각과 상관없이 주귀(晝貴)를 쓴다(「雖寅時，仍用晝貴」)",
        "noble.night": "시각과 상관없이 야귀(夜貴)를 쓴다",
        "noble_table.A": "귀인표 A(甲戊庚牛羊)",
        "noble_table.B": "귀인표 B(甲羊戊庚牛, 《協紀辨方書》)",
        "noble_table.C": "귀인표 C(庚辛逢馬虎)",
        "day_night.fixed": "卯時부터 申時까지 낮",
        "day_night.mao-you": "卯時부터 酉時까지 낮",
        "day_night.zi-si": "子時부터 巳時까지 낮(《銀河棹》)",
    },
    "en": {
        "noble.day": "the 晝貴 (day noble) whatever the hour (「雖寅時，仍用晝貴」)",
        "noble.night": "the 夜貴 (night noble) whatever the hour",
        "noble_table.A": "noble table A (甲戊庚牛羊)",
        "noble_table.B": "noble table B (甲羊戊庚牛, 協紀辨方)",
        "noble_table.C": "noble table C (庚辛逢馬虎)",
        "day_night.fixed": "晝 from 卯 to 申",
        "day_night.mao-you": "晝 from 卯 to 酉",
        "day_night.zi-si": "晝 from 子 to 巳 (銀河棹)",
    },
}
