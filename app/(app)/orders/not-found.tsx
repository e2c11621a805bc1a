import { NotFoundPanel } from "@/components/orders/not-found-panel";
import { ButtonLink } from "@/components/ui/button";

export default function OrderNotFound() {
  return (
    <NotFoundPanel title="Order not found" action={<ButtonLink href="/orders">Back to your orders</ButtonLink>}>
      This order does not exist or belongs to another account. All of your orders are on the orders page.
    </NotFoundPanel>
  );
}
