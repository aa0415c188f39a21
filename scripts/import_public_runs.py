#!/usr/bin/env python3
"""Turns resources/validation/runs_nvidia_dgxc_megascale_olmo.csv (published runs, as
copied) into runs_public.csv in the runs-file columns the engine reads
(docs/calibration.md "Runs files"). Data completion only, row by row and stated:

- the shape from the model column's "(126L h16384 128H/8KV ffn53248 V128256)" note,
  or the same model's shape given on its other rows; "[layers as run: N]" wins;
- the FFN is plain (two matrices) when it is exactly 4h, gated otherwise;
- MoE rows: experts, top-k and expert FFN from the note; DeepSeek-V3 by its preset;
- GPT-3 175B: 4h FFN and the 51,200-token padded vocabulary of NeMo's GPT config;
- gpu: the catalog name as written (H100, GB200); MegaScale's "Ampere" is taken as
  A100 80GB (its paper does not say; written in `system`);
- NeMo and Megatron runs shard the optimizer (the distributed optimizer is on in
  every NeMo recipe: sharding zero1); "mixed precision" on Ampere is BF16 (same
  tensor-core peak as FP16);
- TP overlap on for NeMo runs (its performance recipes add
  MegatronCommOverlapCallback(tp_comm_overlap=True), and the bulk overlap is on by
  default: NeMo docs "Communication Overlap"), for Megatron-Core runs whose configs
  follow NeMo's performance scripts, and for MegaScale's own system (its paper §3.3
  overlaps the TP/SP collectives with the GEMMs); off for its Megatron-LM baseline,
  MaxText, Paxml and OLMo-core (TP 1 or not stated);
- MaxText rows recompute in full (its base.yml default, remat_policy 'full'); the
  others do not say: the cell stays empty, which the reader takes as "as needed"
  (the least recomputation that fits, docs/calibration.md);
- recompute_modules (Megatron-Core's --recompute-modules) as the run's own launch
  script names them, where the input carries that column;
- etp (expert tensor parallelism) as the table gives it; empty where it does not
  say, which the reader takes as the framework's default (Megatron-Core: TP);
- the measurement: tokens/s per GPU when given, else the step time, else MFU;
  tokens/s that disagrees with the row's step time by more than 5 % is dropped
  for the step time (the tables derive the one from the other);
- a DP that does not multiply out to the GPU count (as printed) is left to be derived;
- `skip` says why a row cannot be expressed (hybrid Mamba layers, interleaved MoE
  layers, no GPU count, no shape, a range instead of a figure).

Usage: scripts/import_public_runs.py [IN.csv] [OUT.csv]
"""
import csv, io, re, sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent / "resources" / "validation"
SHAPE = re.compile(r"\((\d+)L h(\d+) (\d+)H(?:/(\d+)KV)?(?: (\d+) experts top-(\d+))?(?: ffn(\d+))?(?: V(\d+))?")
AS_RUN = re.compile(r"\[layers as run: (\d+)\]")
GPT3 = {"layers": 96, "hidden": 12288, "heads": 96, "kv_heads": 96, "ffn": 4 * 12288, "vocab": 51200,
        "ffn_type": "plain", "tied_embeddings": "yes"}
MEGASCALE_175B = {"layers": 96, "hidden": 12288, "heads": 128, "kv_heads": 128, "ffn": 4 * 12288,
                  "vocab": 64000, "ffn_type": "plain", "tied_embeddings": "yes"}
OUT_COLUMNS = ["id", "source", "model", "preset", "layers", "hidden", "heads", "kv_heads", "ffn", "ffn_type",
               "tied_embeddings", "vocab", "experts", "top_k", "expert_ffn", "seq_len", "gpu", "system",
               "num_gpus", "tp", "pp", "cp", "ep", "etp", "dp", "vp", "microbatch", "global_batch_seqs", "sharding",
               "tp_overlap", "recompute", "precision", "framework", "measured_tokens_per_s_per_gpu", "measured_step_time_s",
               "measured_mfu", "skip", "notes", "recompute_modules"]


def number(text):
    m = re.match(r"\s*([0-9][0-9,]*\.?[0-9]*)\s*(\(derived\))?\s*$", text or "")
    return m.group(1).replace(",", "") if m else ""


def family(model):
    return re.sub(r"\s*[\(\[].*", "", model).strip()


def shape_of(model, known):
    m = SHAPE.search(model)
    if m:
        layers, hidden, heads, kv, experts, topk, ffn, vocab = m.groups()
        s = {"layers": int(layers), "hidden": int(hidden), "heads": int(heads), "kv_heads": int(kv or heads),
             "ffn": int(ffn) if ffn else 4 * int(hidden), "vocab": int(vocab) if vocab else 51200}
        # An FFN of exactly 4h is the two-matrix MLP (GPT-3's GELU, Nemotron-4's
        # squared ReLU); the others here (Llama 3.5h and 3.25h, Grok-1) are gated.
        s["ffn_type"] = "plain" if s["ffn"] == 4 * s["hidden"] else "gated"
        s["tied_embeddings"] = "no" if kv else "yes"  # the GQA models here do not tie
        if experts:
            s.update({"experts": int(experts), "top_k": int(topk), "expert_ffn": s["ffn"]})
        return s
    if family(model).startswith("GPT-3 175B"):
        return dict(GPT3)
    if family(model).startswith("175B GPT"):
        return dict(MEGASCALE_175B)
    return known.get(family(model).replace("Llama 3 ", "Llama 3.1 "))


def convert(rows):
    known = {}
    for r in rows:  # a model's shape from the rows that give it
        m = SHAPE.search(r["model"])
        if m and family(r["model"]) not in known:
            known[family(r["model"])] = shape_of(r["model"], {})
    out = []
    for r in rows:
        o = {k: "" for k in OUT_COLUMNS}
        for k in ("id", "source", "model", "tp", "pp", "cp", "ep", "etp", "dp", "vp", "framework", "notes"):
            o[k] = r[k]
        o["recompute_modules"] = r.get("recompute_modules", "")  # as the run's launch script names them
        o["seq_len"], o["microbatch"], o["global_batch_seqs"] = r["seq"], r["mbs"], r["gbs"]
        o["num_gpus"] = number(r["num_gpus"])
        degrees = [int(number(r[k]) or 1) for k in ("tp", "pp", "cp", "dp")]
        if o["num_gpus"] and r["dp"] and degrees[0] * degrees[1] * degrees[2] * degrees[3] != int(o["num_gpus"]):
            # The table's DP "as printed" does not multiply out to its GPUs (Grok-1 at
            # <= 512 GPUs): DP is left to the GPUs over TP x PP x CP, as Megatron derives it.
            o["dp"] = ""
            o["notes"] = (o["notes"] + "; " if o["notes"] else "") + "dp as printed (" + r["dp"] + ") left out: derived"
        gpu = r["gpu"]
        if gpu.startswith("NVIDIA Ampere"):
            o["gpu"], o["system"] = "A100-80GB", gpu + "; taken as A100 80GB"
        else:
            o["gpu"] = re.sub(r"\s*\(.*", "", gpu)
            o["system"] = gpu[len(o["gpu"]):].strip()
        prec = r["precision"].lower()
        o["precision"] = "fp8" if "fp8" in prec else "bf16"
        fw = r["framework"]
        o["sharding"] = "zero1" if re.search(r"NeMo|Megatron|MegaScale", fw) else "fsdp-full"
        o["tp_overlap"] = "on" if re.search(r"NeMo|MegaScale \(built|follow NeMo performance", fw) else "off"
        if "MaxText" in fw:
            o["recompute"] = "full"  # MaxText's base.yml default remat_policy: 'full'
        model = r["model"]
        skip = ""
        if "Mamba" in model:
            skip = "hybrid Mamba-Transformer layers are not modelled"
        elif "Maverick" in model:
            skip = "interleaved dense and MoE layers (Llama 4) are not modelled"
        elif family(model).startswith("DeepSeek-V3"):
            o["preset"] = "deepseek-v3"
        else:
            s = shape_of(model, known)
            if not s:
                skip = "model shape not stated in the row"
            else:
                for k, v in s.items():
                    o[k] = str(v)
        as_run = AS_RUN.search(model)
        if as_run and not skip:
            if o["preset"]:
                skip = "a preset run with fewer layers than the model"
            else:
                o["layers"] = as_run.group(1)
        if not o["num_gpus"]:
            skip = skip or "GPU count not stated"
        tokens = number(r["tokens_per_s_per_gpu"])
        step = number(r["step_time_s"].split("(")[0])
        mfu = number(r["mfu_published"].rstrip("%"))
        gbs, seq = number(r["gbs"]), number(r["seq"])
        if tokens and step and gbs and seq and o["num_gpus"]:
            # The tables print tokens/s beside the step time it derives from; where
            # the two disagree by more than 5 % (a copy error), the step time is kept.
            implied = float(gbs) * float(seq) / float(step) / float(o["num_gpus"])
            if abs(float(tokens) / implied - 1) > 0.05:
                o["notes"] = (o["notes"] + "; " if o["notes"] else "") + (
                    "tokens/s as printed (" + tokens + ") disagrees with the step time: the step time is used")
                tokens = ""
        o["measured_tokens_per_s_per_gpu"], o["measured_step_time_s"], o["measured_mfu"] = tokens, step, mfu
        if not (tokens or step or mfu):
            skip = skip or "no single measured figure (a range or none)"
        o["skip"] = skip
        out.append(o)
    return out


def main():
    src = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE / "runs_nvidia_dgxc_megascale_olmo.csv"
    dst = Path(sys.argv[2]) if len(sys.argv) > 2 else HERE / "runs_public.csv"
    rows = list(csv.DictReader(open(src, newline="", encoding="utf-8")))
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=OUT_COLUMNS, lineterminator="\n")
    w.writeheader()
    w.writerows(convert(rows))
    dst.write_text(buf.getvalue(), encoding="utf-8")
    print(f"{dst}: {len(rows)} rows")


if __name__ == "__main__":
    main()
