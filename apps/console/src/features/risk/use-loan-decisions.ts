/**
 * Approving (which pays the principal into the borrower's wallet at once) and refusing a loan
 * application, each after a confirmation naming the applicant and the amount; a refusal needs its
 * reason, which the borrower sees. Shared by the list and the detail.
 */
import { type AdminLoanDto, LOAN_RULES } from '@mall/contract';
import type { ApiCallOf } from '@mall/contract/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { showDone, showError } from '../../lib/errors.ts';
import { money } from '../../lib/format.ts';

export function useLoanDecisions(onDecided?: (loan: AdminLoanDto) => void) {
  const { t } = useTranslation('console-risk');
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (input: ApiCallOf<'/api/admin/loans/approve' | '/api/admin/loans/refuse'>) =>
      api(input.path, input.body),
    onSuccess: (loan) => {
      showDone(t(loan.status === 'failed' ? 'loans.refused' : 'loans.approved', { serial: loan.serialNo }));
      queryClient.setQueryData(['loan', loan.id], loan);
      void queryClient.invalidateQueries({ queryKey: ['loans'] });
      onDecided?.(loan);
    },
    onError: showError,
  });
  const names = (loan: AdminLoanDto) => ({
    serial: loan.serialNo,
    user: loan.username ?? loan.userId,
    name: loan.realName,
    amount: `\u2066${money(loan.amount)} ${loan.currency}\u2069`,
  });

  const approve = async (loan: AdminLoanDto) => {
    const values = await ask({
      title: t('loans.approveTitle', names(loan)),
      body: t('loans.approveBody', names(loan)),
      confirmLabel: t('loans.approveConfirm'),
      fields: [{ name: 'remark', label: t('field.remarkOptional'), multiline: true }],
    });
    if (!values) return;
    const remark = values.remark?.trim().slice(0, LOAN_RULES.reasonMax);
    decide.mutate({ path: '/api/admin/loans/approve', body: { id: loan.id, ...(remark ? { remark } : {}) } });
  };
  const refuse = async (loan: AdminLoanDto) => {
    const values = await ask({
      title: t('loans.refuseTitle', names(loan)),
      body: t('loans.refuseBody'),
      confirmLabel: t('action.refuse'),
      danger: true,
      fields: [{ name: 'reason', label: t('field.reason'), required: true, multiline: true }],
    });
    if (values)
      decide.mutate({ path: '/api/admin/loans/refuse', body: { id: loan.id, reason: values.reason ?? '' } });
  };
  return { approve, refuse, pending: decide.isPending };
}
