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
};
