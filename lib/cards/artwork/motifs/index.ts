import { balloons } from "./balloons";
import { cake } from "./cake";
import { confetti } from "./confetti";
import { fireworks } from "./fireworks";
import { flowers } from "./flowers";
import { geometric } from "./geometric";
import { gradcap } from "./gradcap";
import { hearts } from "./hearts";
import { leaves } from "./leaves";
import { menorah } from "./menorah";
import { moon } from "./moon";
import { mountains } from "./mountains";
import { ornaments } from "./ornaments";
import { rings } from "./rings";
import { snowflakes } from "./snowflakes";
import { stars } from "./stars";
import { waves } from "./waves";
import { partyhats } from "./partyhats";
import { dove } from "./dove";
import { dreidels } from "./dreidels";
import { toast } from "./toast";
import { cocoa } from "./cocoa";
import { tree } from "./tree";
import { peonies } from "./peonies";
import { necktie } from "./necktie";
import { tulips } from "./tulips";
import { sailboat } from "./sailboat";
import { giftbox } from "./giftbox";
import { bunting } from "./bunting";
import { handheart } from "./handheart";
import { rosette } from "./rosette";
import { beach } from "./beach";
import { bells } from "./bells";
import { butterflies } from "./butterflies";
import { constellation } from "./constellation";
import { cottage } from "./cottage";
import { heron } from "./heron";
import { hotair } from "./hotair";
import { lavender } from "./lavender";
import { lovebirds } from "./lovebirds";
import { loveletter } from "./loveletter";
import { mobile } from "./mobile";
import { plaid } from "./plaid";
import { popper } from "./popper";
import { pram } from "./pram";
import { pumpkins } from "./pumpkins";
import { sunburst } from "./sunburst";
import { teacup } from "./teacup";
import { willow } from "./willow";
import type { Motif } from "../types";
import type { MotifDrawing } from "./types";

export const MOTIF_DRAWINGS: Record<Motif, MotifDrawing> = {
  balloons,
  confetti,
  hearts,
  snowflakes,
  flowers,
  stars,
  leaves,
  cake,
  waves,
  geometric,
  ornaments,
  menorah,
  fireworks,
  mountains,
  rings,
  moon,
  gradcap,
  partyhats,
  dove,
  dreidels,
  toast,
  cocoa,
  tree,
  peonies,
  necktie,
  tulips,
  sailboat,
  giftbox,
  bunting,
  handheart,
  rosette,
  heron,
  willow,
  teacup,
  lovebirds,
  bells,
  constellation,
  popper,
  pram,
  mobile,
  hotair,
  cottage,
  lavender,
  beach,
  loveletter,
  sunburst,
  plaid,
  pumpkins,
  butterflies,
};
