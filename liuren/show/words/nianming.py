"""The words of a person's 年命 (:meth:`liuren.NianMing.text`, :meth:`liuren.chart.PlateNianMing.text`): the
本命 and 行年 with the age and sex (``person``), or with the heaven branch over each on a chart
(``plate``)."""

from __future__ import annotations

from . import Table

NIANMING: Table = {
    "zh": {
        "person": "⟨本命⟩{benming}，⟨行年⟩{xingnian}（{sex}，虛歲{age}）",
        "plate": "⟨本命⟩{benming}上{benming_upper}，⟨行年⟩{xingnian}上{xingnian_upper}",
        "male": "男",
        "female": "女",
    },
    "ko": {
        "person": "⟨本命⟩ {benming}, ⟨行年⟩ {xingnian} ({sex}, 세는나이 {age}세)",
        "plate": "⟨本命⟩ {benming} 위에 {benming_upper}, ⟨行年⟩ {xingnian} 위에 {xingnian_upper}",
        "male": "남자",
        "female": "여자",
    },
    "en": {
        "person": "natal year (⟨本命⟩) {benming}, year of age (⟨行年⟩) {xingnian} ({sex}, aged {age} counted from 1 at birth)",
        "plate": "natal year (⟨本命⟩) {benming} with {benming_upper} over it, year of age (⟨行年⟩) {xingnian} with {xingnian_upper} over it",
        "male": "male",
        "female": "female",
    },
}
"""Language → key → words of a 年命."""
